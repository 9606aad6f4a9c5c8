"""An Inspect AI sample without `messages`, for scripts/import_oracle_tools.py (docs/importers.md "Inspect AI"):
its conversation is the last `model` event's input (`input`, then its `input_refs`: `[a, b)` ranges into the
sample's `message_pool`, as Inspect writes them) and that event's output message (`output.choices[0].message`)."""


def conversation(sample):
    pool = sample.get("message_pool") or []
    models = [e for e in sample.get("events") or [] if isinstance(e, dict) and e.get("event") == "model"]
    if not models:
        return []
    last = models[-1]
    msgs = list(last.get("input") or [])
    for r in last.get("input_refs") or []:
        if isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) for x in r):
            msgs += pool[r[0]:r[1]]
    out = ((last.get("output") or {}).get("choices") or [{}])[0].get("message")
    return msgs + ([out] if out else [])
