import argparse as ag
import json

def get_parser_with_args(meta_file='metadata.json'):
    ap = ag.ArgumentParser(description='change detection training')

    with open(meta_file, 'r') as fh:
        meta = json.load(fh)
        ap.set_defaults(**meta)
        return ap, meta

    return None
