# ESIM natural language inference on SNLI (converted notebook)
import torch
import pickle
from torch.utils.data import DataLoader
from torch import nn
import time 

vocab_txt = "data/worddict.txt"
train_ids_pkl = "data/train_data_id.pkl"
dev_ids_pkl = "data/dev_data_id.pkl"
emb_pkl = "data/embedding_matrix.pkl"
ckpt_prefix = "saved_model/train_model_"

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

from torch.utils.data import Dataset

class PairSet(Dataset):
    def __init__(self, pairs, cap_prem=None, cap_hyp=None):
        # number of sentence pairs
        self.n_pairs = len(pairs["premise_id"])
        
        # lengths decide the padded tensor widths
        self.prem_lens = [len(seq) for seq in pairs["premise_id"]]
        self.cap_prem = cap_prem
        if self.cap_prem is None:
            self.cap_prem = max(self.prem_lens)
        
        self.hyp_lens = [len(seq) for seq in pairs["hypothesis_id"]]
        self.cap_hyp = cap_hyp
        if cap_hyp is None:
            self.cap_hyp = max(self.hyp_lens)

        # padded id matrices for the whole split
        self.tensors = {
            "premise": torch.zeros((self.n_pairs, self.cap_prem), dtype=torch.long),
            "hypothesis": torch.zeros((self.n_pairs, self.cap_hyp), dtype=torch.long),
            "labels": torch.tensor(pairs["labels_id"])
        }
        
        for k, prem in enumerate(pairs["premise_id"]):
            n = len(pairs["premise_id"][k])
            self.tensors["premise"][k][:n] = torch.tensor(pairs["premise_id"][k][:n])
            n2 = len(pairs["hypothesis_id"][k])
            self.tensors["hypothesis"][k][:n2] = torch.tensor(pairs["hypothesis_id"][k][:n2])
        
    def __len__(self):
        return self.n_pairs
        
    def __getitem__(self, k):
        return { 
            "premise": self.tensors["premise"][k],
            "premise_len": min(self.prem_lens[k], self.cap_prem),
            "hypothesis": self.tensors["hypothesis"][k],
            "hypothesis_len": min(self.hyp_lens[k], self.cap_hyp),
            "labels": self.tensors["labels"][k]
        }

# hyper-parameters
bs = 512
wait_epochs = 5
hid = 50
p_drop = 0.5
n_cls = 3
lr = 0.0004
n_epochs = 1
clip_norm = 10.0

# read the id-encoded splits
with open(train_ids_pkl, 'rb') as fh:
    train_set = PairSet(pickle.load(fh), cap_prem=None, cap_hyp=None)
train_dl = DataLoader(train_set, batch_size=bs, shuffle=True)

with open(dev_ids_pkl,'rb') as fh:
    dev_set = PairSet(pickle.load(fh), cap_prem=None, cap_hyp=None)
dev_dl = DataLoader(dev_set, batch_size=bs, shuffle=False)

# pretrained word vectors
with open(emb_pkl,'rb') as fh:
    emb = torch.tensor(pickle.load(fh), dtype=torch.float32).to(dev) # must be float32

emb.shape, emb.dtype

from model.esim import ESIM

net = ESIM(emb.shape[0], # vocabulary size
             emb.shape[1], # vector width
             hid,
             embeddings=emb,
             dropout=p_drop,
             num_classes=n_cls, # output classes
             device=dev).to(dev)
loss_fn = torch.nn.CrossEntropyLoss()
opt = torch.optim.Adam(net.parameters(), lr=lr)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="max", factor=0.5, patience=0)

def count_right(probs, gold):
    _, pred = probs.max(dim=1) # values, indices
    right = (pred == gold).sum()
    return right.item()

def run_train_epoch(net, loader, opt, loss_fn, clip_norm):
    net.train()
    dev = net.device
    t0 = time.time()
    loss_acc = 0 
    n_right = 0
    n_batches = 0

    for step, mb in enumerate(loader):
        t_mb = time.time()
        prem = mb["premise"].to(dev)
        prem_len = mb["premise_len"].to(dev)
        hyp = mb["hypothesis"].to(dev)
        hyp_len = mb["hypothesis_len"].to(dev)
        gold = mb["labels"].to(dev)
        
        opt.zero_grad()
        logits,probs = net(prem, prem_len, hyp, hyp_len)
        loss = loss_fn(logits, gold)
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), clip_norm)
        opt.step()
        
        loss_acc += loss.item()
        n_right += count_right(probs, gold)
        n_batches += 1
        print("train   batch {:d}/{:d}  time {:.4f}s  mean loss {:.4f}"
              .format(n_batches, len(loader), time.time() - t_mb, loss_acc / (step + 1)))
        
    dt = time.time() - t0
    mean_loss = loss_acc / len(loader)
    accuracy = n_right / len(loader.dataset) 
    return dt, mean_loss, accuracy

def run_dev_epoch(net, loader, loss_fn):
    net.eval()
    dev = net.device
    t0 = time.time()
    loss_acc = 0 
    n_right = 0
    n_batches = 0
    for step, mb in enumerate(loader):
        t_mb = time.time()
        prem = mb["premise"].to(dev)
        prem_len = mb["premise_len"].to(dev)
        hyp = mb["hypothesis"].to(dev)
        hyp_len = mb["hypothesis_len"].to(dev)
        gold = mb["labels"].to(dev)

        logits, probs = net(prem, prem_len, hyp, hyp_len)
        loss = loss_fn(logits, gold)
        loss_acc += loss.item()
        n_right += count_right(probs, gold)
        
        n_batches += 1
        print("dev   batch {:d}/{:d}  time {:.4f}s  mean loss {:.4f}"
              .format(n_batches, len(loader), time.time() - t_mb, loss_acc / (step + 1)))

    dt = time.time() - t0
    mean_loss = loss_acc / len(loader)
    accuracy = n_right / len(loader.dataset) 
    return dt, mean_loss, accuracy

# bookkeeping
best = 0.0
tr_hist = []
dev_hist = []
stale = 0

for ep in range(n_epochs):
    print("="*50, "train epoch %d" % (ep), "="*50)
    dt, ep_loss, ep_acc = run_train_epoch(net, train_dl, opt, loss_fn,clip_norm)
    tr_hist.append(ep_loss)
    print("train time {:.4f}s, loss {:.4f}, acc {:.4f}%".format(dt, ep_loss, (ep_acc*100)))
    
    print("="*50, "dev epoch %d"%(ep), "="*50)
    dt_dev, loss_dev, acc_dev = run_dev_epoch(net, dev_dl, loss_fn)
    dev_hist.append(loss_dev)
    print("dev time {:.4f}s, loss {:.4f}, acc {:.4f}%\n".format(dt_dev, loss_dev, (acc_dev*100)))
    
    # adjust the learning rate
    sched.step(ep_acc)
    
    # early stop
    if acc_dev < best:
        stale += 1
    else:
        best = acc_dev
        stale = 0
    if stale >= wait_epochs:
        print("="*50, "stopping early", "="*50)
        break
        
    # checkpoint each epoch
    torch.save({"epoch": ep,
                "model": net.state_dict(),
                "best_score": best,
                "train_losses": tr_hist,
                "valid_losses": dev_hist},
               ckpt_prefix + str(ep))

class SeqDropout(nn.Dropout): # inherits self.training
    """
    Dropout for RNN inputs.

    One mask per sequence, shared by every time step of
    a (batch, length, dim) tensor.
    """
    def forward(self, seqs):
        """
        Drop whole feature channels of a batch of sequences.

        Args:
            seqs: tensor of shape (batch, length, dim) that
                goes into a recurrent layer.

        Returns:
            the masked tensor.
        """
        keep = seqs.data.new_ones(seqs.shape[0], 1, seqs.shape[-1])
        print("keep", keep)
        mask = nn.functional.dropout(keep, self.p, self.training, inplace=False) # nn.Dropout would also do
        print("mask", mask)
        return mask * seqs

sd = SeqDropout()

t = torch.randn(1,2,5)

sd(t)

t = torch.tensor([[1,3],[4,2],[5,6]])

t.sort(0)
