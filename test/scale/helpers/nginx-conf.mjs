// The nginx configuration of docs/deployment.md, for the scale tests and `npm run bench -- scale`:
// plain round-robin with no stickiness, SSE passed through unbuffered, and a request retried on
// the next instance when its instance fails (POSTs included: see docs/deployment.md § Retries).
/**
 * @param {{ dir: string, port: number, upstreams: number[] }} options
 * @returns {string}
 */
export function nginxConfig({ dir, port, upstreams }) {
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mcp {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location /mcp {
      proxy_pass http://mcp;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

/** Temp subfolders nginx.conf names; create them before starting nginx. */
export const NGINX_TEMP_DIRS = ["body", "proxy", "fastcgi", "uwsgi", "scgi"];
