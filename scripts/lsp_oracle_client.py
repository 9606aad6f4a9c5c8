"""A minimal LSP client for scripts/lsp_oracle.py: starts `readcov lsp`, frames JSON-RPC over its
stdin/stdout (Content-Length headers, docs/lsp.md "Transport"), answers the server's own requests
with null, and keeps every notification (publishDiagnostics by URI)."""
import json
import os
import queue
import subprocess
import threading
import time


class Client:
    def __init__(self, rc, env=None):
        self.p = subprocess.Popen([rc, "lsp", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, env=env)
        self.next_id, self.replies, self.lock = 0, {}, threading.Condition()
        self.diags, self.notes = {}, queue.Queue()
        threading.Thread(target=self.reader, daemon=True).start()

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def reader(self):
        out = self.p.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                k, _, v = line.partition(b":")
                if k.lower() == b"content-length":
                    length = int(v)
            msg = json.loads(out.read(length))
            if "id" in msg and "method" in msg:  # the server asks: answer null
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            elif "id" in msg:
                with self.lock:
                    self.replies[msg["id"]] = msg
                    self.lock.notify_all()
            else:
                if msg.get("method") == "textDocument/publishDiagnostics":
                    with self.lock:
                        self.diags[msg["params"]["uri"]] = msg["params"]["diagnostics"]
                self.notes.put(msg)

    def request(self, method, params, timeout=60):
        self.next_id += 1
        i = self.next_id
        self.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
        end = time.time() + timeout
        with self.lock:
            while i not in self.replies:
                left = end - time.time()
                if left <= 0:
                    raise TimeoutError(f"{method}: no answer in {timeout} s")
                self.lock.wait(left)
            msg = self.replies.pop(i)
        if "error" in msg:
            raise RuntimeError(f"{method}: {msg['error']}")
        return msg["result"]

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def initialize(self, root, options, capabilities=None):
        uri = uri_of(root)
        got = self.request("initialize", {"processId": None, "rootUri": uri, "capabilities": capabilities or {},
                                          "initializationOptions": options,
                                          "workspaceFolders": [{"uri": uri, "name": "ws"}]})
        self.notify("initialized", {})
        return got

    def wait_loaded(self, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            s = self.request("readcov/summary", {})
            if not s.get("loading"):
                return s
            time.sleep(0.05)
        raise TimeoutError("still loading")

    def open(self, path, text):
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(path), "languageId": "python",
                                                              "version": 1, "text": text}})

    def close(self):
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()
            self.p.wait()


def uri_of(path):
    return "file://" + os.path.abspath(path)
