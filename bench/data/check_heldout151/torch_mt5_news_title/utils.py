import json

# shared names for the splits and fields
TRAIN = "train"
DEV = "dev"
SPLITS = [TRAIN, DEV]

HEADLINE = "title"
BODY = "maintext"
UID = "id"
FIELDS = [HEADLINE, BODY, UID]

def load_jsonl(path, fields):
    records = []
    with open(path, 'r') as handle:
        raw_lines = list(handle)
    for line in raw_lines:
        obj = json.loads(line)
        kept = {f: obj[f] for f in fields}
        records.append(kept)
    return records
