from model import CNN
import utils

from torch.autograd import Variable
import torch
import torch.optim as optim
import torch.nn as nn

from sklearn.utils import shuffle
from gensim.models.keyedvectors import KeyedVectors
import numpy as np
import argparse
import copy


def fit(ds, hp):
    if hp["MODEL"] != "rand":
        # pretrained vectors
        print("reading word2vec vectors...")
        kv = KeyedVectors.load_word2vec_format("GoogleNews-vectors-negative300.bin", binary=True)

        emb_rows = []
        for k in range(len(ds["vocab"])):
            tok = ds["idx_to_word"][k]
            if tok in kv.vocab:
                emb_rows.append(kv.word_vec(tok))
            else:
                emb_rows.append(np.random.uniform(-0.01, 0.01, 300).astype("float32"))

        # extra rows: unknown word and padding
        emb_rows.append(np.random.uniform(-0.01, 0.01, 300).astype("float32"))
        emb_rows.append(np.zeros(300).astype("float32"))
        emb_rows = np.array(emb_rows)
        hp["WV_MATRIX"] = emb_rows

    net = CNN(**hp).cuda(hp["GPU"])

    trainable = filter(lambda p: p.requires_grad, net.parameters())
    opt = optim.Adadelta(trainable, hp["LEARNING_RATE"])
    crit = nn.CrossEntropyLoss()

    prev_dev = 0
    best_dev = 0
    best_test = 0
    for ep in range(hp["EPOCH"]):
        ds["train_x"], ds["train_y"] = shuffle(ds["train_x"], ds["train_y"])

        for s in range(0, len(ds["train_x"]), hp["BATCH_SIZE"]):
            n = min(hp["BATCH_SIZE"], len(ds["train_x"]) - s)

            xb = [[ds["word_to_idx"][tok] for tok in sen] +
                  [hp["VOCAB_SIZE"] + 1] * (hp["MAX_SENT_LEN"] - len(sen))
                  for sen in ds["train_x"][s:s + n]]
            yb = [ds["classes"].index(c) for c in ds["train_y"][s:s + n]]

            xb = Variable(torch.LongTensor(xb)).cuda(hp["GPU"])
            yb = Variable(torch.LongTensor(yb)).cuda(hp["GPU"])

            opt.zero_grad()
            net.train()
            out = net(xb)
            loss = crit(out, yb)
            loss.backward()
            nn.utils.clip_grad_norm(trainable, max_norm=hp["NORM_LIMIT"])
            opt.step()

        dev_acc = evaluate(ds, net, hp, mode="dev")
        test_acc = evaluate(ds, net, hp)
        print("epoch:", ep + 1, "| dev acc:", dev_acc, "| test acc:", test_acc)

        if hp["EARLY_STOPPING"] and dev_acc <= prev_dev:
            print("stopping early on dev accuracy")
            break
        else:
            prev_dev = dev_acc

        if dev_acc > best_dev:
            best_dev = dev_acc
            best_test = test_acc
            best_net = copy.deepcopy(net)

    print("best dev acc:", best_dev, "its test acc:", best_test)
    return best_net


def evaluate(ds, net, hp, mode="test"):
    net.eval()

    if mode == "dev":
        xs, ys = ds["dev_x"], ds["dev_y"]
    elif mode == "test":
        xs, ys = ds["test_x"], ds["test_y"]

    xs = [[ds["word_to_idx"][tok] if tok in ds["vocab"] else hp["VOCAB_SIZE"] for tok in sen] +
          [hp["VOCAB_SIZE"] + 1] * (hp["MAX_SENT_LEN"] - len(sen))
          for sen in xs]

    xs = Variable(torch.LongTensor(xs)).cuda(hp["GPU"])
    ys = [ds["classes"].index(c) for c in ys]

    guesses = np.argmax(net(xs).cpu().data.numpy(), axis=1)
    acc = sum([1 if g == t else 0 for g, t in zip(guesses, ys)]) / len(guesses)

    return acc


def main():
    ap = argparse.ArgumentParser(description="sentence CNN classifier")
    ap.add_argument("--mode", default="train", help="train: train and test / test: evaluate a saved model")
    ap.add_argument("--model", default="rand", help="rand, static, non-static or multichannel")
    ap.add_argument("--dataset", default="TREC", help="MR or TREC")
    ap.add_argument("--save_model", default=False, action='store_true', help="save the trained model")
    ap.add_argument("--early_stopping", default=False, action='store_true', help="stop when dev accuracy drops")
    ap.add_argument("--epoch", default=100, type=int, help="maximum number of epochs")
    ap.add_argument("--learning_rate", default=1.0, type=float, help="learning rate")
    ap.add_argument("--gpu", default=-1, type=int, help="gpu index")

    opts = ap.parse_args()
    ds = getattr(utils, f"read_{opts.dataset}")()

    ds["vocab"] = sorted(list(set([tok for sen in ds["train_x"] + ds["dev_x"] + ds["test_x"] for tok in sen])))
    ds["classes"] = sorted(list(set(ds["train_y"])))
    ds["word_to_idx"] = {tok: k for k, tok in enumerate(ds["vocab"])}
    ds["idx_to_word"] = {k: tok for k, tok in enumerate(ds["vocab"])}

    hp = {
        "MODEL": opts.model,
        "DATASET": opts.dataset,
        "SAVE_MODEL": opts.save_model,
        "EARLY_STOPPING": opts.early_stopping,
        "EPOCH": opts.epoch,
        "LEARNING_RATE": opts.learning_rate,
        "MAX_SENT_LEN": max([len(sen) for sen in ds["train_x"] + ds["dev_x"] + ds["test_x"]]),
        "BATCH_SIZE": 50,
        "WORD_DIM": 300,
        "VOCAB_SIZE": len(ds["vocab"]),
        "CLASS_SIZE": len(ds["classes"]),
        "FILTERS": [3, 4, 5],
        "FILTER_NUM": [100, 100, 100],
        "DROPOUT_PROB": 0.5,
        "NORM_LIMIT": 3,
        "GPU": opts.gpu
    }

    print("-" * 20 + "SETTINGS" + "-" * 20)
    print("model:", hp["MODEL"])
    print("dataset:", hp["DATASET"])
    print("vocab size:", hp["VOCAB_SIZE"])
    print("epochs:", hp["EPOCH"])
    print("learning rate:", hp["LEARNING_RATE"])
    print("early stopping:", hp["EARLY_STOPPING"])
    print("save model:", hp["SAVE_MODEL"])
    print("-" * 20 + "SETTINGS" + "-" * 20)

    if opts.mode == "train":
        print("-" * 20 + "TRAINING" + "-" * 20)
        net = fit(ds, hp)
        if hp["SAVE_MODEL"]:
            utils.save_model(net, hp)
        print("-" * 20 + "TRAINING DONE" + "-" * 20)
    else:
        net = utils.load_model(hp).cuda(hp["GPU"])

        test_acc = evaluate(ds, net, hp)
        print("test acc:", test_acc)


if __name__ == "__main__":
    main()
