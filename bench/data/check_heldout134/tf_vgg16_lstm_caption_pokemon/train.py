from img_cap_loader import read_pairs
from text_fit import fit_text
from vgg16_lstm import VggLstmCaptioner
import numpy as np
from sklearn.model_selection import train_test_split


def main():
    rng_seed = 42
    vocab_cap = 5000

    np.random.seed(rng_seed)
    pic_dir = './data/pokemon/img'
    txt_dir = './data/pokemon/txt'
    model_dir_path = './models/pokemon'
    pairs = read_pairs(pic_dir, txt_dir)

    train_pairs, test_pairs = train_test_split(pairs, test_size=0.2, random_state=rng_seed)

    all_caps = [c for _, c in pairs]
    text_cfg = fit_text(all_caps, max_vocab_size=vocab_cap, max_allowed_seq_length=20)

    captioner = VggLstmCaptioner()
    n_epochs = 100
    captioner.fit(text_cfg, train_pairs, test_pairs, model_dir_path=model_dir_path, epochs=n_epochs)


if __name__ == '__main__':
    main()
