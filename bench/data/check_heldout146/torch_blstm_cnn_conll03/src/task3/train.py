from functools import partial
from os import PathLike
from pathlib import Path
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.nn.utils.rnn import pad_sequence

from .model import BlstmCnn, train_step, eval_step
from ..dataset import Conll03Dataset, task3_collate, word_preprocessor, character_feature_extractor, case_feature_extractor
from ..iodata import read_wordsequences_tagsequences, write_prediction_file, read_glove_embeddings
from ..preprocessing import LabelEncoder, calc_tag_weights
from ..vocabulary import Vocabulary
from .settings import (
    WORD_VOCAB_PATH,
    TAG_VOCAB_PATH,
    CHAR_VOCAB_PATH,
    TAG_PAD_INDEX,
)
from ..settings import GLOVE_EMBEDDINGS_PATH, PERL_SCRIPT

import subprocess


#
BATCH_SIZE = 256
NUM_EPOCHS = 200
LEARNING_RATE = 0.01
TRAIN_EMBEDDINGS = True
SHUFFLE = True

MOMENTUM = 0.9


def train_model(trn_file: PathLike, dev_file: PathLike, pred_tmp: PathLike, ckpt_file: PathLike):
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    print(f"using {dev}")

    #
    trn_ds = Conll03Dataset(trn_file,
                             TAG_VOCAB_PATH,
                             feature_extractors={
                                 'word_encodings': partial(word_preprocessor, word_vocab_path=WORD_VOCAB_PATH),
                                 'capital_mask': case_feature_extractor,
                                 'char_encodings': partial(
                                     character_feature_extractor,
                                     char_vocab_path=CHAR_VOCAB_PATH,
                                     word_vocab_path=WORD_VOCAB_PATH)},
                             use_targets=True)
    trn_dl = DataLoader(trn_ds, batch_size=BATCH_SIZE,
                                  shuffle=SHUFFLE, collate_fn=partial(task3_collate, use_targets=True))
    print("train set ready")
    #

    #
    dev_ds = Conll03Dataset(dev_file,
                             TAG_VOCAB_PATH,
                             feature_extractors={
                                 'word_encodings': partial(word_preprocessor, word_vocab_path=WORD_VOCAB_PATH),
                                 'capital_mask': case_feature_extractor,
                                 'char_encodings': partial(
                                     character_feature_extractor,
                                     char_vocab_path=CHAR_VOCAB_PATH,
                                     word_vocab_path=WORD_VOCAB_PATH)},
                             use_targets=True)
    dev_dl = DataLoader(dev_ds, batch_size=BATCH_SIZE,
                                collate_fn=partial(task3_collate, use_targets=True))
    print("dev set ready")
    #

    #
    dev_words, dev_tags = read_wordsequences_tagsequences(dev_file, ' ')
    tag_enc = LabelEncoder(Vocabulary.from_file(TAG_VOCAB_PATH))
    print("dev text ready")
    #

    #
    _x, _x, glove_mat = read_glove_embeddings(GLOVE_EMBEDDINGS_PATH)
    print("glove ready")

    #
    net = BlstmCnn(glove_mat, num_char_embeddings=85).to(dev)
    net.glove_encoder.weight.requires_grad = False
    print(net)

    #
    padded_tags = pad_sequence(trn_ds.tag_encodings, batch_first=True)
    class_w = calc_tag_weights(padded_tags).to(dev)

    loss_fn = nn.CrossEntropyLoss(weight=class_w, ignore_index=TAG_PAD_INDEX)
    opt = torch.optim.SGD(net.parameters(), lr=LEARNING_RATE, momentum=MOMENTUM)

    first_ep = 0

    #
    if Path(ckpt_file).exists():
        ckpt = torch.load(ckpt_file)
        net.load_state_dict(ckpt['model_state_dict'])
        first_ep = ckpt['epoch'] + 1

    net.glove_encoder.weight.requires_grad_(TRAIN_EMBEDDINGS)

    for ep in range(first_ep, NUM_EPOCHS):
        print(f"epoch {ep + 1}")
        print("-- train")
        trn_loss = train_step(net, loss_fn, opt, trn_dl, dev)
        print(f"train loss {trn_loss}")
        print("-- dev")
        val_loss = eval_step(net, loss_fn, dev_dl, dev)
        print(f"dev loss {val_loss}")

        #
        if (ep+1) % 5 == 0:
            torch.save({
                'epoch': ep,
                'model_state_dict': net.state_dict(),
                }, ckpt_file)

            print("-- predict")
            pred = net.predict(dev_dl, dev)
            pred = tag_enc.inverse_transform(pred)

            write_prediction_file(pred_tmp, wordsequences=dev_words, tagsequences=dev_tags,
                                predsequences=pred, delimiter=' ')

            proc = subprocess.run(f"perl \"{PERL_SCRIPT}\" < \"{pred_tmp}\"",
                                capture_output=True, shell=True, text=True)

            f1 = float(proc.stdout.split('\n')[1][-6:])
            print(f"{f1 = }")

