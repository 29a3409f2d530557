import torch
import pandas as pd
from tqdm.notebook import tqdm

from google.colab import files
picked = files.upload()

import pandas as pd

tweets = pd.read_csv('smile-annotations-final.csv', names= ['id', 'text', 'category'])
tweets.set_index('id', inplace=True)

tweets.head()

tweets.text.iloc[1]

tweets.category.value_counts()

tweets = tweets[~tweets.category.str.contains('\|')]
tweets = tweets[tweets.category != 'nocode']

tweets.category.value_counts()

emotions = tweets.category.unique()

emo2id = {}
for k , emo in enumerate(emotions) :
    emo2id[emo] = k

emo2id

tweets['label'] = tweets.category.replace(emo2id)

tweets.head()

from sklearn.model_selection import train_test_split

ids_tr, ids_va, lab_tr, lab_va = train_test_split(
    tweets.index.values,
    tweets.label.values,
    test_size=0.15,
    random_state=17,
    stratify=tweets.label.values
)
  
tweets['data_type'] = ['not_set']*tweets.shape[0]

tweets.loc[ids_tr, 'data_type'] = 'train'
tweets.loc[ids_va, 'data_type'] = 'val'

tweets.groupby(['category', 'label', 'data_type']).count()

# (notebook shell step: pip install transformers)

from transformers import BertTokenizer
from torch.utils.data import TensorDataset

tok = BertTokenizer.from_pretrained(
    'bert-base-uncased',
    do_lower_case = True
)

import torch

from tqdm.notebook import tqdm
enc_tr = tok.batch_encode_plus(
    tweets[tweets.data_type=='train'].text.values,
    add_special_tokens=True,
    return_attention_mask=True,
    pad_to_max_length=True,
    max_length=256,
    return_tensors='pt'
)


enc_va = tok.batch_encode_plus(
    tweets[tweets.data_type=='val'].text.values,
    add_special_tokens=True,
    return_attention_mask=True,
    pad_to_max_length=True,
    max_length=256,
    return_tensors='pt'
)



ids_train = enc_tr['input_ids']
mask_train = enc_tr['attention_mask']
y_train = torch.tensor(tweets[tweets.data_type=='train'].label.values)


ids_val = enc_va['input_ids']
mask_val = enc_va['attention_mask']
y_val = torch.tensor(tweets[tweets.data_type=='val'].label.values)

ds_tr = TensorDataset(ids_train,
                              mask_train, y_train)

ds_va = TensorDataset(ids_val,
                            mask_val, y_val)

len(ds_tr), len(ds_va)

from transformers import BertForSequenceClassification

clf = BertForSequenceClassification.from_pretrained(
    'bert-base-uncased',
    num_labels = len(emo2id),
    output_attentions=False,
    output_hidden_states=False
)

from torch.utils.data import DataLoader, RandomSampler, SequentialSampler

mb_size = 4

dl_tr = DataLoader(
    ds_tr,
    sampler=RandomSampler(ds_tr),
    batch_size=mb_size
)


dl_va = DataLoader(
    ds_va,
    sampler=RandomSampler(ds_va),
    batch_size=mb_size
)

from transformers import AdamW, get_linear_schedule_with_warmup

opt = AdamW(
    clf.parameters(),
    lr = 1e-5,
    eps = 1e-8
)

n_epochs = 10

sched = get_linear_schedule_with_warmup(
    opt,
    num_warmup_steps = 0,
    num_training_steps = len(dl_tr)*n_epochs
)

import numpy as np

from sklearn.metrics import f1_score

def weighted_f1(preds, gold) :
  flat_pred = np.argmax(preds, axis=1).flatten()
  flat_gold = gold.flatten()
  return f1_score(flat_gold, flat_pred, average='weighted')


def per_class_accuracy(preds, gold) :
  id2emo = {v: k for k, v in emo2id.items()}

  flat_pred = np.argmax(preds, axis=1).flatten()
  flat_gold = gold.flatten()

  for c in np.unique(flat_gold):
    c_pred = flat_pred[flat_gold==c]
    c_true = flat_gold[flat_gold==c]
    print(f'class: {id2emo[c]}')
    print(f'correct: {len(c_pred[c_pred==c])}/{len(c_true)}')
      



import random
import torch
seed = 17
random.seed(seed)
np.random.seed(seed)
torch.manual_seed(seed)
torch.cuda.manual_seed_all(seed)


dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
clf.to(dev)

print(dev)

def run_eval(dl_va):

  clf.eval()

  va_loss_sum = 0
  all_logits, all_gold = [], []

  for mb in dl_va:

    mb = tuple(t.to(dev) for t in mb)

    feed = {'input_ids':   mb[0],
              'attention_mask': mb[1],
              'labels':         mb[2],
             }
  with torch.no_grad():
      out=clf(**feed)


      loss=out[0]
      logits=out[1]
      va_loss_sum += loss.item()


      logits = logits.detach().cpu().numpy()
      gold = feed['labels'].cpu().numpy()
      all_logits.append(logits)
      all_gold.append(gold)

      va_loss_mean = va_loss_sum/len(dl_va)


      all_logits = np.concatenate(all_logits, axis=0)
      all_gold = np.concatenate(all_gold, axis=0)

      return va_loss_mean, all_logits, all_gold


from tqdm.notebook import tqdm 
      
for ep in tqdm(range(1, n_epochs+1)):



  clf.train()

  tr_loss_sum = 0 
  bar = tqdm(dl_tr, desc='epoch {:1d}'.format(ep), leave=False, disable=False) 
  for mb in bar:

    clf.zero_grad()
 
    mb = tuple(t.to(dev) for t in mb)
 
    feed = {'input_ids':   mb[0],
          'attention_mask': mb[1],
          'labels':         mb[2],
         }
  out = clf(**feed)
 
  loss=out[0]
  tr_loss_sum += loss.item()
  loss.backward()
 
  torch.nn.utils.clip_grad_norm_(clf.parameters(), 1.0)
 
  opt.step()
  sched.step()
 
  bar.set_postfix({'training_loss': '{:.3f}'.format(loss.item()/len(mb))})
 
 
 
  tqdm.write('\n epoch {ep}')
 
  tr_loss_mean = tr_loss_sum/len(dl_tr)
 
  tqdm.write(f'train loss: {tr_loss_mean}')
 
  va_loss, all_logits, all_gold = run_eval(dl_va)
  va_f1 = weighted_f1(all_logits, all_gold)
  tqdm.write(f'val loss: {va_loss}')
  tqdm.write(f'weighted F1: {va_f1}')


clf = BertForSequenceClassification.from_pretrained("bert-base-uncased",
                                                      num_labels=len(emo2id),
                                                      output_attentions=False,
                                                      output_hidden_states=False)

clf.to(dev)
pass

_, all_logits, all_gold = run_eval(dl_va)

per_class_accuracy(all_logits, all_gold)
