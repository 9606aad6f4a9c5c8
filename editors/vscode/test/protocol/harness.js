// Starts the real `readcov lsp` binary on a fresh copy of the fixture workspace and speaks LSP to
// it over stdio with vscode-languageserver-protocol — the same library vscode-languageclient uses.
'use strict';
const cp = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const rpc = require('vscode-languageserver-protocol/node');

const REPO = path.resolve(__dirname, '../../../..');
const FIXTURE = path.join(REPO, 'tests/editors/fixture');
const BIN = process.env.READCOV_BIN || path.join(REPO, 'target/debug/readcov');
const TIMEOUT_MS = Number(process.env.READCOV_LSP_TIMEOUT_MS || 15000);

function withTimeout(promise, what, stderr) {
  let timer;
  const t = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS} ms. Server stderr:\n${stderr()}`)), TIMEOUT_MS);
  });
  return Promise.race([promise, t]).finally(() => clearTimeout(timer));
}

/** A workspace copy, a running server and everything it sent us. */
async function start({ initializationOptions, toml = true, answerRefreshes = false } = {}) {
  if (!fs.existsSync(BIN)) {
    throw new Error(`readcov binary not found at ${BIN}: run \`cargo build -p readcov\` (or set READCOV_BIN)`);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'readcov-ws-'));
  fs.cpSync(FIXTURE, root, { recursive: true });
  if (!toml) fs.rmSync(path.join(root, 'readcov.toml'));
  const child = cp.spawn(BIN, ['lsp'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on('exit', (code, sig) => resolve({ code, sig })));
  // A server that dies early must fail the test with its own words, not a stream error.
  child.stdin.on('error', () => {});
  const died = exited.then(({ code, sig }) => {
    throw new Error(`\`${BIN} lsp\` exited (code ${code}, signal ${sig}) before answering. Its stderr:\n${stderr}`);
  });
  died.catch(() => {});
  // The server exits as soon as it gets `exit`; an answer we owe it for a request it sent just
  // before (a refresh) then hits a closed pipe. After `stop()` that is expected, not a failure.
  const writer = new rpc.StreamMessageWriter(child.stdin);
  const write = writer.write.bind(writer);
  let stopping = false;
  writer.write = (msg) => write(msg).catch((e) => { if (!stopping) throw e; });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), writer);
  const s = {
    root, child, conn, exited,
    stderr: () => stderr,
    diagnostics: new Map(), // uri → latest published diagnostics
    didChange: [], // params of every readcov/didChange
    refreshes: [], // server → client refresh requests
    inflight: 0, // requests this client sent on its own (pulls, re-requests after a refresh), unanswered
    waiters: [],
  };
  const wake = () => { s.waiters = s.waiters.filter((w) => !w()); };
  conn.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => { s.diagnostics.set(p.uri, p.diagnostics); wake(); });
  conn.onNotification('readcov/didChange', (p) => { s.didChange.push(p); wake(); });
  conn.onNotification(() => {});
  // A request of the client's own, counted in `inflight` until its answer has been used.
  const own = (method, params, use = () => {}) => {
    s.inflight += 1;
    return Promise.resolve(conn.sendRequest(method, params)).then(use).catch(() => {})
      .finally(() => { s.inflight -= 1; wake(); });
  };
  // With `answerRefreshes`, an inlay hint or code lens refresh is answered as VS Code and Neovim
  // do: by asking again for the open documents' hints or lenses.
  const whole = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };
  const reask = (method) => { if (answerRefreshes) opened.forEach((uri) => void own(method, { textDocument: { uri }, range: whole })); };
  conn.onRequest('workspace/inlayHint/refresh', () => { s.refreshes.push('inlayHint'); reask('textDocument/inlayHint'); wake(); return null; });
  conn.onRequest('workspace/codeLens/refresh', () => { s.refreshes.push('codeLens'); reask('textDocument/codeLens'); wake(); return null; });
  // Like vscode-languageclient, this client pulls diagnostics (it declares `textDocument.diagnostic`
  // and `refreshSupport`, so the server does not push): after opening or changing a document, and
  // for every open document when the server asks with `workspace/diagnostic/refresh`.
  const opened = new Set();
  const pull = (uri) => own('textDocument/diagnostic', { textDocument: { uri } },
    (r) => { if (r && r.kind === 'full') { s.diagnostics.set(uri, r.items); wake(); } });
  conn.onRequest('workspace/diagnostic/refresh', () => { s.refreshes.push('diagnostic'); opened.forEach(pull); return null; });
  conn.onRequest('workspace/configuration', (p) => p.items.map(() => initializationOptions ?? null));
  conn.onRequest(() => null); // registerCapability, workDoneProgress/create, ...
  conn.listen();
  s.request = async (method, params) => {
    try {
      return await withTimeout(Promise.race([conn.sendRequest(method, params), died]), method, s.stderr);
    } catch (e) {
      // A write error usually means the server is gone: report its exit and stderr instead.
      const gone = await Promise.race([died.catch((d) => d), new Promise((r) => setTimeout(() => r(null), 500))]);
      throw gone ?? e;
    }
  };
  // Notification write errors surface through the next request (with the server's stderr).
  s.notify = (method, params) => {
    void Promise.resolve(conn.sendNotification(method, params)).catch(() => {});
    const uri = params?.textDocument?.uri;
    if (method === 'textDocument/didOpen' || method === 'textDocument/didChange') { opened.add(uri); void pull(uri); }
    if (method === 'textDocument/didClose') { opened.delete(uri); s.diagnostics.delete(uri); }
  };
  conn.onError(() => {});
  s.uri = (rel) => pathToFileURL(path.join(root, rel)).href;
  s.read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');
  /** Resolves when `pred()` is truthy (checked after every message), or fails after the timeout. */
  s.until = (what, pred) => {
    if (pred()) return Promise.resolve(pred());
    return withTimeout(new Promise((resolve) => s.waiters.push(() => { const v = pred(); if (v) resolve(v); return !!v; })), what, s.stderr);
  };
  /**
   * Resolves once the server has answered every request this client sent on its own (the pulls
   * and re-requests its refresh requests caused), then one more request of the test's, then the
   * requests that caused: the point to count what the server sent, instead of a pause. A
   * notification a handler sends is queued before its answer exists (tower-lsp-server writes both
   * from one task), so what answering those requests made the server announce has come with them.
   */
  s.settled = async () => {
    await s.until('answers to the client\'s own requests', () => s.inflight === 0);
    await s.request('readcov/summary', {});
    await s.until('answers to the client\'s own requests', () => s.inflight === 0);
  };
  s.open = (rel) => {
    s.notify('textDocument/didOpen', { textDocument: { uri: s.uri(rel), languageId: 'python', version: 1, text: s.read(rel) } });
  };
  s.init = await s.request('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'fixture' }],
    initializationOptions,
    capabilities: {
      workspace: {
        inlayHint: { refreshSupport: true },
        codeLens: { refreshSupport: true },
        diagnostics: { refreshSupport: true },
        configuration: true,
        didChangeConfiguration: { dynamicRegistration: false },
        executeCommand: {},
      },
      textDocument: {
        publishDiagnostics: { relatedInformation: true },
        diagnostic: {},
        inlayHint: {},
        codeLens: {},
        hover: { contentFormat: ['markdown', 'plaintext'] },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.rewrite'] } } },
      },
    },
  });
  s.notify('initialized', {});
  s.stop = async () => {
    stopping = true;
    try {
      await withTimeout(conn.sendRequest('shutdown'), 'shutdown', s.stderr);
      s.notify('exit');
      await withTimeout(exited, 'exit', s.stderr);
    } finally {
      child.kill();
      conn.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  return s;
}

/** The fixture's settings, as `initializationOptions`. */
const OPTIONS = { gold: ['gold.jsonl'], reads: ['reads.jsonl'], task: 'fixture-1', threshold: 0.5 };

/** An inlay hint label as plain text (labels may be strings or label parts). */
const labelText = (h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));

/** Hover contents as plain text. */
function hoverText(h) {
  if (!h) return '';
  const c = h.contents;
  const one = (x) => (typeof x === 'string' ? x : x.value);
  return Array.isArray(c) ? c.map(one).join('\n') : one(c);
}

module.exports = { start, OPTIONS, REPO, BIN, labelText, hoverText };
