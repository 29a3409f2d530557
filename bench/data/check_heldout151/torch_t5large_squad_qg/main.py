import torch
from transformers import T5ForConditionalGeneration, T5Tokenizer
from datasets import load_dataset
from model import QGWrapper
from dataset import qg_pairs
from train import fit
from evaluate import final_eval
from test import demo

def main():
    # hub copy of SQuAD v1.1
    squad = load_dataset("rajpurkar/squad")

    # tokenizer and seq2seq backbone
    tok = T5Tokenizer.from_pretrained("t5-large")
    backbone = T5ForConditionalGeneration.from_pretrained("t5-large")

    # thin wrapper around the backbone
    net = QGWrapper(backbone)

    # lazy datasets over the arrow tables
    tr_set = qg_pairs(squad['train'], tok)
    va_set = qg_pairs(squad['validation'], tok)

    # device
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"device: {dev}")

    # fit
    fit(net, tr_set, va_set, tok, dev)

    # dev loss
    final_eval(net, va_set, dev)

    # a few generated pairs
    demo(net, tok, dev)

if __name__ == "__main__":
    main()
