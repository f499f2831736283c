# A stand-in for Ollama in the NixOS VM test: it answers the two calls
# annad's health check makes (GET /api/version, POST /api/show) and lists no
# model, so annad reports Ollama reachable and the model missing, and the
# brain's fast path answers facts without any model. Not a model server.
#
# Under systemd socket activation (LISTEN_FDS) it serves the passed socket,
# so the port listens before annad's first health check; alone, it binds
# Ollama's default address.
import json
import os
import socket
from http.server import BaseHTTPRequestHandler, HTTPServer

VERSION = "0.0.0-fake"


class Handler(BaseHTTPRequestHandler):
    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/api/version":
            self.reply(200, {"version": VERSION})
        elif self.path == "/api/tags":
            self.reply(200, {"models": []})
        else:
            self.reply(404, {"error": "not found"})

    def do_POST(self):
        length = min(int(self.headers.get("Content-Length") or 0), 1 << 16)
        self.rfile.read(length)
        # /api/show, /api/chat: Ollama's answer for a model it lacks.
        self.reply(404, {"error": "model not found"})


if os.environ.get("LISTEN_FDS") == "1":
    server = HTTPServer(("127.0.0.1", 11434), Handler, bind_and_activate=False)
    server.socket = socket.socket(fileno=3)
else:
    server = HTTPServer(("127.0.0.1", 11434), Handler)
server.serve_forever()
