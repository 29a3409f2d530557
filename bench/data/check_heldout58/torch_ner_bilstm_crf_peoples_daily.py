import warnings
import pickle
import numpy as np 
from sklearn.metrics import precision_score, recall_score, f1_score, classification_report
import torch
from torch.utils.data import Dataset, DataLoader
import torch.nn as nn
import torch.optim as optim
from torchcrf import CRF

class Settings(object):
    pkl_file = './renmindata.pkl'  # preprocessed corpus
    resume_from = None  # optional checkpoint
    batch = 64  # batch size
    log_every = 20  # log interval in batches
    epochs = 10
    lr = 0.001  # starting learning rate
    lr_decay = 0.5  # decay factor when dev loss rises
    weight_decay = 1e-5  
    emb_dim = 100
    hid_dim = 200
    dropout = 0.2
    device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
                
cfg = Settings()

with open(cfg.pkl_file, 'rb') as fh:
        tok2id = pickle.load(fh)
        id2tok = pickle.load(fh)
        lab2id = pickle.load(fh)
        id2lab = pickle.load(fh)
        xs_train = pickle.load(fh)
        ys_train = pickle.load(fh)
        xs_test = pickle.load(fh)
        ys_test = pickle.load(fh)
        xs_dev = pickle.load(fh)
        ys_dev = pickle.load(fh)
        
print("train n:", len(xs_train))
print("test n:", len(xs_test))
print("dev n", len(xs_dev))
print(tok2id)
print(lab2id)
print(xs_train)
print(ys_train)
print(xs_train.shape)
print(ys_train.shape)

class TagSet(Dataset):
    def __init__(self, X, Y):
        self.items = [{'x': X[k], 'y': Y[k]} for k in range(X.shape[0])]

    def __getitem__(self, k):
        return self.items[k]

    def __len__(self):
        return len(self.items)

train_ds = TagSet(xs_train, ys_train)
dev_ds = TagSet(xs_dev, ys_dev)
test_ds = TagSet(xs_test, ys_test)

train_dl = DataLoader(train_ds, batch_size=cfg.batch, shuffle=True)
dev_dl = DataLoader(dev_ds, batch_size=cfg.batch, shuffle=False)
test_dl = DataLoader(test_ds, batch_size=cfg.batch, shuffle=False)

class TaggerLSTM(nn.Module):
    def __init__(self, emb_dim, hid_dim, dropout, tok2id, lab2id):
        super(TaggerLSTM, self).__init__()
        self.emb_dim = emb_dim
        self.hid_dim = hid_dim
        self.n_tok = len(tok2id) + 1
        self.lab_index = lab2id
        self.n_lab = len(lab2id)
        self.embed = nn.Embedding(self.n_tok, self.emb_dim)
        self.drop = nn.Dropout(dropout)
        self.rnn = nn.LSTM(self.emb_dim, self.hid_dim // 2, num_layers=1, bidirectional=True, batch_first=True)
        self.proj = nn.Linear(self.hid_dim, self.n_lab)

    def forward(self, x): # (B, T)
        b = x.size(0)
        t = x.size(1)
        e = self.embed(x)
        h, state = self.rnn(e)
        h = self.drop(h)
        h = self.proj(h)
        return h

class TaggerLSTMCRF(nn.Module):
    def __init__(self, emb_dim, hid_dim, dropout, tok2id, lab2id):
        super(TaggerLSTMCRF, self).__init__()
        self.emb_dim = emb_dim
        self.hid_dim = hid_dim
        self.n_tok = len(tok2id) + 1
        self.lab_index = lab2id
        self.n_lab = len(lab2id)
        self.embed = nn.Embedding(self.n_tok, self.emb_dim)
        self.drop = nn.Dropout(dropout)
        self.rnn = nn.LSTM(self.emb_dim, self.hid_dim // 2, num_layers=1, bidirectional=True, batch_first=False)
        self.proj = nn.Linear(self.hid_dim, self.n_lab)
        self.crf = CRF(self.n_lab)

    def forward(self, x):  # (B, T)
        x = x.transpose(0, 1)
        b = x.size(1)
        t = x.size(0)
        e = self.embed(x)
        h, state = self.rnn(e)
        h = self.drop(h)
        h = self.proj(h)
        h = self.crf.decode(h)
        return h

    def log_likelihood(self, x, tags): # (B, T)
        x = x.transpose(0, 1)
        b = x.size(1)
        t = x.size(0)
        tags = tags.transpose(0, 1)
        e = self.embed(x)
        h, state = self.rnn(e)
        h = self.drop(h)
        h = self.proj(h)
        return -self.crf(h, tags)

def to_entities(spans, sentence, kind): 
    found = [] 
    for s in spans: 
        lo, hi = s 
        found.append({ 
            "start":lo, 
            "stop":hi + 1, 
            "word":sentence[lo:hi+1],
            "type":kind
        }) 
    return found

def spans_of(path, kind, lab_map):
    b_id = lab_map.get("B_" + kind)
    m_id = lab_map.get("M_" + kind)
    e_id = lab_map.get("E_" + kind)
    # s_id = lab_map.get("S")
    o_id = lab_map.get("O")
    lo = -1
    hi = 0
    spans = []
    prev = 0
    for pos, lab in enumerate(path):
        if lab == b_id and pos == 0:
            lo = 0
        elif lab == b_id:
            lo = pos
        elif lab == e_id and prev in [m_id, b_id] and lo > -1:
            hi = pos
            spans.append([lo, hi])
        elif lab == o_id:
            lo = -1
        prev = lab
    return spans

def span_f1(gold_paths, pred_paths, kind, lab_map):
    n_gold = 0.
    n_pred = 0.
    n_hit = 0.
    for pair in zip(gold_paths, pred_paths):
        g, p = pair
        g_spans = spans_of(g, kind, lab_map)
        p_spans = spans_of(p, kind, lab_map)

        n_gold += len(g_spans)
        n_pred += len(p_spans)

        for sp in p_spans:
            if sp in g_spans:
                n_hit += 1

    rec = 0. if n_gold == 0 else (n_hit / n_gold)
    prec = 0. if n_pred == 0 else (n_hit / n_pred)
    f1 = 0. if rec+prec == 0 else (2*prec*rec)/(prec + rec)
    print("\t{}\trecall {:.2f}\tprecision {:.2f}\tf1 {:.2f}".format(kind, rec, prec, f1))
    return rec, prec, f1

net = TaggerLSTMCRF(cfg.emb_dim, cfg.hid_dim, cfg.dropout, tok2id, lab2id).to(cfg.device)
ce = nn.CrossEntropyLoss(ignore_index=0)
opt = optim.Adam(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)

class EntityTagger(object):
    def train(self):
        for ep in range(cfg.epochs):
            net.train()
            for step, mb in enumerate(train_dl):
                opt.zero_grad()
                X = mb['x'].to(cfg.device)
                y = mb['y'].to(cfg.device)
                loss = net.log_likelihood(X, y)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), 10.)
                opt.step()
                if step % 200 == 0:
                    print('epoch:%04d,------------loss:%f'%(ep, loss.item()))
            with torch.no_grad():
                mean_loss = 0
                all_pred, all_gold = [], []
                for step, mb in enumerate(dev_dl):
                    net.eval()
                    dx, dy = mb['x'].to(cfg.device), mb['y'].to(cfg.device)
                    decoded = net(dx)
                    loss = net.log_likelihood(dx, dy)
                    mean_loss += loss.item()
                    # true (non-padding) length of each sentence
                    lens = []
                    for row in dy.cpu():
                        kept = []
                        for v in row:
                            if v.item()>0:
                                kept.append(v.item())
                        lens.append(kept)
                    for step, row in enumerate(decoded):
                        all_pred += row[:len(lens[step])]
                    for step, row in enumerate(dy.tolist()):
                        all_gold += row[:len(lens[step])]
                mean_loss /= (len(dev_dl) * 64)
                summary = classification_report(all_gold, all_pred)
                print(summary)
                torch.save(net.state_dict(), './model/params.pkl')

    def predict(self, kind, text=""):
        with torch.no_grad():
            net.load_state_dict(torch.load("./model/params.pkl"))
            if not text:
                text = input("enter a sentence: ")
            ids = [tok2id.get(ch, 0) for ch in text]
            # to a tensor
            sent = torch.tensor(ids).view(1, -1)
            paths = net(sent)
            ents = []
            spans = spans_of(paths[0], kind, lab2id)
            ents += to_entities(spans, text, kind)
            print(ents)

tagger = EntityTagger()
tagger.train()

tagger.predict('中华人民共和国万岁')
