from config import DATASET


source = getattr(__import__('datasets.' + DATASET), DATASET)
load_data = source.load_data
load_data3d = source.load_data3d
categories = source.categories

if __name__ == '__main__':
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument('action', choices=['extract', 'extract3d', 'download'])
    opts = ap.parse_args()
    getattr(source, opts.action)()
