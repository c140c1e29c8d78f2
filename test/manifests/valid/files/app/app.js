document.getElementById("out").textContent = "ready";
