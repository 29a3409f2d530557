
import gc

import os

import time

import math

import random

import warnings

import numpy as np

import pandas as pd

import seaborn as sns

import matplotlib.pyplot as plt



from datetime import date

from transformers import *

from sklearn.metrics import *

from tqdm.notebook import tqdm



import torch

import torch.nn as nn

import torch.utils.data

import torch.nn.functional as F



from torch import Tensor

from torch.optim import *

from torch.nn.modules.loss import *

from torch.optim.lr_scheduler import * 

from torch.utils.data import Dataset, DataLoader

from torch.utils.data.sampler import RandomSampler



import torch_xla

import torch_xla.core.xla_model as xm
def fix_all_seeds(seed):

    """

    see the code below

    

    see the code below

        see the code below

    """

    random.seed(seed)

    os.environ["PYTHONHASHSEED"] = str(seed)

    np.random.seed(seed)

    torch.manual_seed(seed)

    torch.cuda.manual_seed(seed)

    torch.backends.cudnn.deterministic = True

    torch.backends.cudnn.benchmark = False
seed = 2020

fix_all_seeds(seed)
CFG_DIRS = {

    'bert-multi-cased': '../input/bertconfigs/multi_cased_L-12_H-768_A-12/multi_cased_L-12_H-768_A-12/',

}
INPUT_DIR = '../input/jigsaw-multilingual-toxic-comment-classification/'



va_df = pd.read_csv(INPUT_DIR + 'validation-processed-seqlen128.csv')

te_df =  pd.read_csv(INPUT_DIR + 'test-processed-seqlen128.csv')

tr_df = pd.read_csv(INPUT_DIR + 'jigsaw-toxic-comment-train-processed-seqlen128.csv')
plt.figure(figsize=(10, 5))

plt.subplot(1, 2, 1)

sns.countplot(tr_df['toxic'])

plt.title('train label counts')



plt.subplot(1, 2, 2)

sns.countplot(va_df['toxic'])

plt.title('val label counts')



plt.show()
class ToxicTokens(Dataset):

    """

    see the code below

    """

    def __init__(self, df):

        """

        see the code below

        

        see the code below

            see the code below

        """

            

        super().__init__()

        self.df = df 

        self.tok_ids = np.array([tok_ids[1:-1].split(', ') for tok_ids in df['input_word_ids']]).astype(int)

        

        try:

            self.y = df['toxic'].values

        except KeyError:  # see above

            self.y = np.zeros(len(df))



    def __len__(self):

        return len(self.df)



    def __getitem__(self, idx):

        return torch.tensor(self.tok_ids[idx]), torch.tensor(self.y[idx])
BACKBONES = {

    "bert-multi-cased": (BertModel, BertTokenizer, "bert-multi-cased"),

}
class ToxicBert(nn.Module):

    def __init__(self, model, num_classes=1):

        """

        see the code below

        

        see the code below

            see the code below

            see the code below

        """

        super().__init__()

        self.name = model



        model_class, tokenizer_class, pretrained_weights = BACKBONES[model]



        bcfg = BertConfig.from_json_file(CFG_DIRS[model] + 'bert_config.json')

        bcfg.output_hidden_states = True

        

        self.transformer = BertModel(bcfg)



        self.hid = self.transformer.pooler.dense.out_features



        self.pooler = nn.Sequential(

            nn.Linear(self.hid, self.hid), 

            nn.Tanh(),

        )



        self.logit = nn.Linear(self.hid, num_classes)



    def forward(self, tokens):

        """

        see the code below

        

        see the code below

            see the code below

        

        see the code below

            see the code below

        """

        _, _, hs = self.transformer(

            tokens, attention_mask=(tokens > 0).long()

        )



        hs = hs[-1][:, 0]  # see above



        ft = self.pooler(hs)



        return self.logit(ft)
def fit(model, tr_set, va_set, epochs=1, batch_size=32, warm_frac=0, lr=5e-5):

    device = xm.xla_device()

    model.to(device)

    

    tr_dl = DataLoader(tr_set, batch_size=batch_size, shuffle=True)

    va_dl = DataLoader(va_set, batch_size=batch_size, shuffle=False)



    optimizer = AdamW(model.parameters(), lr=lr)

    

    n_warm = int(warm_frac * epochs * len(tr_dl))

    n_total = epochs * len(tr_dl)

    

    scheduler = get_linear_schedule_with_warmup(optimizer, n_warm, n_total)



    bce = nn.BCEWithLogitsLoss(reduction='mean').to(device)

    

    for epoch in range(epochs):

        model.train()

        t0 = time.time()

        

        optimizer.zero_grad()

        tr_loss = 0

        

        for step, (x, yb) in tqdm(enumerate(tr_dl), total=len(tr_dl)): 

            logits = model(x.to(device))

            

            loss = bce(logits.view(-1).float(), yb.float().to(device))

            loss.backward()

            tr_loss += loss.item() / len(tr_dl)



            xm.optimizer_step(optimizer, barrier=True)

            scheduler.step()

            model.zero_grad()

            optimizer.zero_grad()

                

        model.eval()

        preds = []

        gold = []

        va_loss = 0.



        with torch.no_grad():

            for x, yb in va_dl:                

                logits = model(x.to(device))

                loss = bce(logits.detach().view(-1).float(), yb.float().to(device))

                va_loss += loss.item() / len(va_dl)

                

                probs = torch.sigmoid(logits).detach().cpu().numpy()

                preds += list(probs.flatten())

                gold += list(yb.numpy().flatten())

            score = roc_auc_score(gold, preds)

            

        

        dt = time.time() - t0

        lr = scheduler.get_last_lr()[0]

        print(f'ep {epoch + 1}/{epochs} lr={lr:.1e} {dt:.0f}s loss={tr_loss:.4f} vloss={va_loss:.4f} vauc={score:.4f}')
model = ToxicBert("bert-multi-cased")
epochs = 1  # see above

batch_size = 32

warm_frac = 0.1

lr = 2e-5   # see above
tr_set = ToxicTokens(tr_df)

va_set = ToxicTokens(va_df)

te_set = ToxicTokens(te_df)
fit(model, tr_set, va_set, epochs=epochs, batch_size=batch_size, warm_frac=warm_frac, lr=lr)
def predict(model, dataset, batch_size=64):

    """

    see the code below

    

    see the code below

        see the code below

        see the code below

    

    see the code below

        see the code below

    

    see the code below

        see the code below

    """

    device = xm.xla_device()

    model.eval().to(device)

    preds = np.empty((0, 1))

    loader = DataLoader(dataset, batch_size=batch_size, shuffle=False)



    with torch.no_grad():

        for x, _ in tqdm(loader):

            probs = torch.sigmoid(model(x.to(device))).detach().cpu().numpy()

            preds = np.concatenate([preds, probs])

            

    return preds
va_scores = predict(model, va_set)

va_df['pred'] = va_scores
for lang_code in va_df['lang'].unique():

    auc_lang = roc_auc_score(

        va_df[va_df['lang'] == lang_code]['toxic'], 

        va_df[va_df['lang']  == lang_code]['pred']

    )

    print(f'{lang_code} auc {auc_lang:.4f}')
score = roc_auc_score(va_df['toxic'], va_scores)

print(f'val auc {score:.4f}')
te_scores = predict(model, te_set)
sub = pd.read_csv(INPUT_DIR + 'sample_submission.csv')

sub['toxic'] = te_scores

sub.to_csv('submission.csv', index=False)

sub.head()