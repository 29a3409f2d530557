# Notebook cells in order: PhoBERT fine-tuning for 3-class Vietnamese stock-news labels.
# ~~~~~~~~~~ block 1


# ~~~~~~~~~~ block 3
from vncorenlp import VnCoreNLP
wseg = VnCoreNLP("/content/vncorenlp/VnCoreNLP-1.1.1.jar", annotators="wseg", max_heap_size='-Xmx500m') 
# ~~~~~~~~~~ block 5
# ~~~~~~~~~~ block 6
# ~~~~~~~~~~ block 8
from fairseq.data.encoders.fastbpe import fastBPE
from fairseq.data import Dictionary
import argparse

argp = argparse.ArgumentParser()
argp.add_argument('--bpe-codes', 
    default="/content/phobert_files/bpe.codes",
    required=False,
    type=str,
    help='merges file path'
)
bpe_opts, _rest = argp.parse_known_args()
bpe_enc = fastBPE(bpe_opts)


tok_dict = Dictionary()
tok_dict.add_from_file("/content/PhoBERT_base_transformers/dict.txt")
# ~~~~~~~~~~ block 10
import re

tr_file = '/content/news_train.txt'
te_file = '/content/news_test.txt'

tr_ids_raw, tr_docs, tr_y = [], [], []
te_ids_raw, te_docs = [], []

with open(tr_file, 'r') as fh:
    blob = fh.read().strip()

    blob = re.findall('train_[\s\S]+?\n.*\n[1-3]\n\n', blob)

    for chunk in blob:
        parts = chunk.strip().split('\n')

        doc_id = parts[0]
        yv = int(parts[-1])
        doc = ' '.join(parts[1:-1])
        doc = wseg.tokenize(doc)
        doc = ' '.join([' '.join(w) for w in doc])

        tr_ids_raw.append(doc_id)
        tr_docs.append(doc)
        tr_y.append(yv)


with open(te_file, 'r') as fh:
    blob = fh.read().strip()
    blob = re.findall('test_[\s\S]+?\n.*\n\n\n', blob)

    for chunk in blob:
        parts = chunk.strip().split('\n')

        doc_id = parts[0]
        doc = ' '.join(parts[1:])
        doc = wseg.tokenize(doc)
        doc = ' '.join([' '.join(w) for w in doc])

        te_ids_raw.append(doc_id)
        te_docs.append(doc)
for j in range(len(tr_y)):
  tr_y[j] -= 1
# ~~~~~~~~~~ block 12
from sklearn.model_selection import train_test_split

tr_s, va_s, tr_y, va_y = train_test_split(tr_docs, tr_y, test_size=0.1)
# ~~~~~~~~~~ block 13
from tensorflow.keras.preprocessing.sequence import pad_sequences
SEQ_CAP = 195

tr_tok = []
for s in tr_s:
    pieces = '<s> ' + bpe_enc.encode(s) + ' </s>'
    enc = tok_dict.encode_line(pieces, append_eos=True, add_if_not_exist=False).long().tolist()
    tr_tok.append(enc)

va_tok = []
for s in va_s:
    pieces = '<s> ' + bpe_enc.encode(s) + ' </s>'
    enc = tok_dict.encode_line(pieces, append_eos=True, add_if_not_exist=False).long().tolist()
    va_tok.append(enc)
    
tr_tok = pad_sequences(tr_tok, maxlen=SEQ_CAP, dtype="long", value=0, truncating="post", padding="post")
va_tok = pad_sequences(va_tok, maxlen=SEQ_CAP, dtype="long", value=0, truncating="post", padding="post")
# ~~~~~~~~~~ block 14
tr_att = []
for s in tr_tok:
    m = [int(t > 0) for t in s]
    tr_att.append(m)

va_att = []
for s in va_tok:
    m = [int(t > 0) for t in s]

    va_att.append(m)
# ~~~~~~~~~~ block 16
from torch.utils.data import TensorDataset, DataLoader, RandomSampler, SequentialSampler
import torch
tr_x = torch.tensor(tr_tok)
va_x = torch.tensor(va_tok)
tr_y = torch.tensor(tr_y)
va_y = torch.tensor(va_y)
tr_att = torch.tensor(tr_att)
va_att = torch.tensor(va_att)

tr_ds = TensorDataset(tr_x, tr_att, tr_y)
tr_samp = SequentialSampler(tr_ds)
tr_dl = DataLoader(tr_ds, sampler=tr_samp, batch_size=32)

va_ds = TensorDataset(va_x, va_att, va_y)
va_samp = SequentialSampler(va_ds)
va_dl = DataLoader(va_ds, sampler=va_samp, batch_size=32)
# ~~~~~~~~~~ block 18
from transformers import RobertaForSequenceClassification, RobertaConfig, AdamW

cfg = RobertaConfig.from_pretrained(
    "/content/PhoBERT_base_transformers/config.json", from_tf=False, num_labels = 3, output_hidden_states=False,
)
pho_clf = RobertaForSequenceClassification.from_pretrained(
    "/content/PhoBERT_base_transformers/model.bin",
    config=cfg
)
# ~~~~~~~~~~ block 19
pho_clf.cuda()
print('on gpu')
# ~~~~~~~~~~ block 20
import numpy as np
from sklearn.metrics import f1_score, accuracy_score

def acc_and_f1(preds, labels):
    p_flat = np.argmax(preds, axis=1).flatten()
    g_flat = labels.flatten()
    
    f1v = f1_score(p_flat, g_flat, average='macro')
    
    return accuracy_score(p_flat, g_flat), f1v
# ~~~~~~~~~~ block 21
import random
from tqdm import tqdm_notebook
dev = 'cuda'
n_ep = 5
best_acc = 0

named_ps = list(pho_clf.named_parameters())
skip_wd = ['bias', 'LayerNorm.bias', 'LayerNorm.weight']
groups = [
    {'params': [p for nm, p in named_ps if not any(pat in nm for pat in skip_wd)], 'weight_decay': 0.01},
    {'params': [p for nm, p in named_ps if any(pat in nm for pat in skip_wd)], 'weight_decay': 0.0}
]

opt = AdamW(groups, lr=5e-7, correct_bias=False)


for ep in range(0, n_ep):
    print('--- epoch {:} of {:} ---'.format(ep + 1, n_ep))
    print('fitting')

    loss_sum = 0
    pho_clf.train()
    acc_sum = 0
    n_steps = 0
    f1_sum = 0
    
    for k, bt in tqdm_notebook(enumerate(tr_dl)):
        ids_b = bt[0].to(dev)
        att_b = bt[1].to(dev)
        y_b = bt[2].to(dev)

        pho_clf.zero_grad()
        res = pho_clf(ids_b, 
            token_type_ids=None, 
            attention_mask=att_b, 
            labels=y_b)
        l = res[0]
        loss_sum += l.item()
        
        lg = res[1].detach().cpu().numpy()
        y_np = y_b.to('cpu').numpy()
        a_b, f_b = acc_and_f1(lg, y_np)
        acc_sum += a_b
        f1_sum += f_b
        n_steps += 1
        
        l.backward()
        torch.nn.utils.clip_grad_norm_(pho_clf.parameters(), 1.0)
        opt.step()
        
    mean_loss = loss_sum / len(tr_dl)
    print("  acc {0:.4f}".format(acc_sum/n_steps))
    print("  macro-F1 {0:.4f}".format(f1_sum/n_steps))
    print("  mean loss {0:.4f}".format(mean_loss))
    pho_clf.save_pretrained('/content/drive/MyDrive/phobert_ckpt/ep{}'.format(ep+1))
    print("checking held-out split")
    pho_clf.eval()
    va_loss, va_acc = 0, 0
    va_steps, va_n = 0, 0
    va_f1 = 0
    for bt in tqdm_notebook(va_dl):

        bt = tuple(t.to(dev) for t in bt)

        ids_b, att_b, y_b = bt

        with torch.no_grad():
            res = pho_clf(ids_b, 
            token_type_ids=None, 
            attention_mask=att_b)
            lg = res[0]
            lg = lg.detach().cpu().numpy()
            y_np = y_b.to('cpu').numpy()

            va_a_b, va_f_b = acc_and_f1(lg, y_np)

            va_acc += va_a_b
            va_f1 += va_f_b
            va_steps += 1
    if best_acc < va_acc/va_steps:
      best_acc = va_acc/va_steps
      best_ep = ep
    print('pred: {}'.format(np.argmax(lg, axis=1).flatten()))
    print('gold: {}'.format(y_np))
    print("  acc {0:.4f}".format(va_acc/va_steps))
    print("  macro-F1 {0:.4f}".format(va_f1/va_steps))
print("finished")
print('top held-out acc {} at epoch {}'.format(best_acc, best_ep+1))
# ~~~~~~~~~~ block 23

