import time
import torch
from torch.utils.data import DataLoader
from torchtext.data.utils import get_tokenizer
from torch.optim.lr_scheduler import StepLR,LambdaLR
import matplotlib.pyplot as plt

import numpy as np
from src.utils import *
from src.my_transformer import *
import argparse

ap = argparse.ArgumentParser()
ap.add_argument("--batch", type=int, default=128, help="sentences per batch")
ap.add_argument("--num-enc", type=int, default=3, help="encoder depth")
ap.add_argument("--num-dec", type=int, default=3, help="decoder depth")
ap.add_argument("--emb-dim", type=int, default=256, help="model width")
ap.add_argument("--ffn-dim", type=int, default=512, help="feed-forward width")
ap.add_argument("--head", type=int, default=8, help="attention heads")
ap.add_argument("--dropout", type=float, default=0.1, help="dropout probability")
ap.add_argument("--epoch", type=int, default=40, help="number of epochs")
ap.add_argument("--lr", type=float, default=0.0001, help="Adam learning rate")
ap.add_argument("--fre", type=int, default=3, help="min token count kept in the vocab")

opts = ap.parse_args()

run_name = "./models/transformer-6-5-2"
BATCH = opts.batch
N_ENC = opts.num_enc # deeper did not help
N_DEC = opts.num_dec # deeper did not help
D_MODEL = opts.emb_dim
D_FF = opts.ffn_dim
N_HEAD = opts.head # more heads converged badly
P_DROP = opts.dropout
EPOCHS = opts.epoch
LR = opts.lr
POS_LN = False
# LR_STEP = 30
# warmup_steps = 4000

if __name__=="__main__":
    SEED = 42
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    torch.cuda.manual_seed(SEED)
    torch.backends.cudnn.deterministic = True
    # torch.use_deterministic_algorithms(True)

    root = "./.data/multi30k/task1/raw/"
    tr_files = ('train.de', 'train.en')
    va_files = ('val.de', 'val.en')
    te_files = ('test_2016_flickr.de', 'test_2016_flickr.en')

    tr_paths = [(root + p) for p in tr_files]
    va_paths = [(root + p) for p in va_files]
    te_paths = [(root + p) for p in te_files]

    tok_de = get_tokenizer('spacy', language='de_core_news_sm')
    tok_en = get_tokenizer('spacy', language='en_core_web_sm')

    voc_de = build_vocab(tr_paths[0], tok_de, min_freq=opts.fre)
    voc_en = build_vocab(tr_paths[1], tok_en, min_freq=opts.fre)

    tr_pairs = sen2tensor(tr_paths, voc_de, voc_en, tok_de, tok_en)
    va_pairs = sen2tensor(va_paths, voc_de, voc_en, tok_de, tok_en)
    te_pairs = sen2tensor(te_paths, voc_de, voc_en, tok_de, tok_en)
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    DEVICE = dev

    print(dev)
    print("train pairs:", len(tr_pairs))
    print("val pairs:", len(va_pairs))
    print("test pairs:", len(te_pairs))
    print("de vocab:", len(voc_de))
    print("en vocab:", len(voc_en))

    N_SRC = len(voc_de)
    N_TGT = len(voc_en)

    PAD = voc_de['<pad>']
    BOS = voc_de['<bos>']
    EOS = voc_de['<eos>']

    tr_dl = DataLoader(tr_pairs, batch_size=BATCH, shuffle=True, collate_fn=get_batchtify(PAD,BOS,EOS))
    va_dl = DataLoader(va_pairs, batch_size=BATCH, shuffle=True, collate_fn=get_batchtify(PAD,BOS,EOS))
    te_dl = DataLoader(te_pairs, batch_size=BATCH, shuffle=True, collate_fn=get_batchtify(PAD,BOS,EOS))

    net = MyTf(N_ENC, N_DEC, 
                    D_MODEL, N_HEAD, N_SRC, N_TGT, PAD,
                    D_FF, P_DROP, POS_LN, DEVICE)

    print(f'{count_parameters(net):,} trainable parameters')
    net = net.to(dev)

    # lrate = lambda step_num: D_MODEL**-0.5 * np.minimum(step_num**-0.5,step_num*warmup_steps**-1.5)
    # scheduler = StepLR(opt, step_size=LR_STEP, gamma=0.1)
    crit = torch.nn.CrossEntropyLoss(ignore_index=PAD)
    opt = torch.optim.Adam(net.parameters(), lr=LR, betas=(0.9, 0.98), eps=1e-9)

    tr_curve = []
    va_curve = []
    best_va = 999
    # steps = 1

    for ep in range(1, EPOCHS+1):
        t0 = time.time()
        tr_loss = train(net, tr_dl, opt, crit, dev)
        t1 = time.time()
        va_loss = evaluate(net, va_dl, crit, dev)
    #     scheduler.step()
        
        if va_loss < best_va:
            best_va = va_loss
            net.eval()
            torch.save(net, run_name+"-best.pth.tar")
            
        if ep % 20 == 0:
            net.eval()
            torch.save(net, run_name+"-ckpt-"+str(ep)+".pth.tar")
            
        tr_curve.append(tr_loss)
        va_curve.append(va_loss)

        print((f"epoch {ep}, train loss {tr_loss:.3f}, val loss {va_loss:.3f}, epoch time {(t1 - t0):.3f}s"))
    
    print("best val loss:",best_va)
    plt.plot(tr_curve)
    plt.plot(va_curve)
    plt.grid()
    plt.xlabel("epoch")
    plt.ylabel("loss")
    plt.legend(("train","val"))
    plt.savefig("./images/" + run_name.split(sep="/")[-1] + ".png")
    net.eval()
    torch.save(net, run_name + ".pth.tar")
