import os


def read_pairs(pic_dir, txt_dir):
    pics = dict()
    caps = dict()
    for fname in os.listdir(pic_dir):
        full = os.path.join(pic_dir, fname)
        if os.path.isfile(full) and fname.endswith('.png'):
            stem = fname.replace('.png', '')
            pics[stem] = full
    for fname in os.listdir(txt_dir):
        full = os.path.join(txt_dir, fname)
        if os.path.isfile(full) and fname.endswith('.txt'):
            stem = fname.replace('.txt', '')
            caps[stem] = open(full, 'rt').read()

    pairs = []
    for stem, pic_path in pics.items():
        if stem in caps:
            cap = caps[stem]
            pairs.append([pic_path, cap])

    return pairs
