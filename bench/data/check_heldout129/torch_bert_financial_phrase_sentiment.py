# (shell) install transformers
import os
import gdown
import torch
import numpy as np
import seaborn as sns
import transformers
import pandas as pd
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split
from keras.utils import pad_sequences
from sklearn import metrics

from transformers import BertTokenizer
from transformers import get_linear_schedule_with_warmup
from transformers import BertForSequenceClassification, AdamW, BertConfig
from torch.utils.data import TensorDataset, DataLoader, RandomSampler, SequentialSampler

# (magic) inline plots
def read_fin_train():
  tr = pd.read_csv("finance_train.csv")
  return tr
def read_fin_test():
  te = pd.read_csv("finance_test.csv")
  return te

def accuracy_flat(pred, gold):
    p = np.argmax(pred, axis=1).flatten()
    g = gold.flatten()
    return np.sum(p == g) / len(g)

print ("finance train/test csv files are read")

ID2NAME = {0 : "negative", 1 : "neutral", 2 : "positive"}
EMPTY = 4 * [None]
SEED=2020

def show_confusion(y_gold,y_hat):
  cmat = metrics.confusion_matrix(y_gold, y_hat)
  print ("drawing the confusion matrix")
  names = ["Negative","Neutral","Positive"]
  cm_df = pd.DataFrame(cmat,index =names,columns = names)
  fig = plt.figure(figsize=(14,12))
  ax = sns.heatmap(cm_df, annot=True,cmap='Blues', fmt='g')
  plt.yticks([0.5,1.5,2.5], names,va='center')
  plt.title('Confusion Matrix - held-out')
  plt.ylabel('Gold')
  plt.xlabel('Predicted')
  plt.show()
  plt.close()
  
fin_train = read_fin_train()
fin_test = read_fin_test()
fin_train.head()
texts = fin_train["Sentence"].values
targets = fin_train['Label'].values
texts[0]

bert_tok = BertTokenizer.from_pretrained("bert-base-uncased",do_lower_case=True)

wrapped = []
for t in texts:
  head = "[CLS] "
  tail = " [SEP]"
  wrapped.append(head+t+tail)
wrapped[0]


pieces = []
for t in wrapped:
  pieces.append(bert_tok.tokenize(t))

ids = []
for p in pieces:
  ids.append(bert_tok.convert_tokens_to_ids(p))
  
  

ids = pad_sequences(ids, 
                          maxlen=128,
                          dtype="long",
                          truncating="post", 
                          padding="post")

masks = []

for row in ids:
  m = [float(v>0) for v in row]
  masks.append(m)
  
  
  tr_ids, va_ids, tr_y, va_y = train_test_split(ids,targets,test_size=0.15,random_state = SEED) 
tr_masks, va_masks, _, _ = train_test_split(masks,ids,test_size=0.15,random_state=SEED)

tr_ids_t = torch.tensor(np.array(tr_ids));
va_ids_t = torch.tensor(np.array(va_ids));
tr_masks = torch.tensor(np.array(tr_masks));
va_masks = torch.tensor(np.array(va_masks));
tr_y_t = torch.tensor(np.array(tr_y));
va_y_t = torch.tensor(np.array(va_y));

bs = 32
tr_data = TensorDataset(tr_ids_t, tr_masks, tr_y_t);
tr_sampler = RandomSampler(tr_data);
tr_loader = DataLoader(tr_data, sampler=tr_sampler, batch_size=bs);
va_data = TensorDataset(va_ids_t, va_masks, va_y_t);
va_sampler = SequentialSampler(va_data); 
va_loader = DataLoader(va_data, sampler=va_sampler, batch_size=bs);



clf = BertForSequenceClassification.from_pretrained(
    "bert-base-uncased",
    num_labels = 3,    
    output_attentions = False, 
    output_hidden_states = False, 
);


clf.cuda();

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
gpu_count = torch.cuda.device_count()
torch.cuda.get_device_name(0)



opt = AdamW(clf.parameters(),
                  lr = 2e-5,
                  eps = 1e-8
                )
n_epochs = 4


n_steps = len(tr_loader) * n_epochs


sched = get_linear_schedule_with_warmup(opt, 
                                            num_warmup_steps = 0, 
                                            num_training_steps = n_steps)


train_curve = []
val_curve = []
stats = []
for ep in range(0, n_epochs):
    
    print('Epoch {:} / {:} --------'.format(ep + 1, n_epochs))
    print('training')
    
    ep_train_loss = 0
     
    clf.train()
    
    for step, batch in enumerate(tr_loader):
        
        if step % 20 == 0 and not step == 0:
            
            print('  batch {:>5,}  of  {:>5,}. '.format(step, len(tr_loader)))

         
        b_ids = batch[0].to(dev)
        b_mask = batch[1].to(dev)
        b_y = batch[2].to(dev)  

        clf.zero_grad()    

       
        out = clf(b_ids, 
                             token_type_ids=None, 
                             attention_mask=b_mask, 
                             labels=b_y)
        loss = out[0]
        scores = out[1]
     
        ep_train_loss += loss.item()

      
        loss.backward()
  
        torch.nn.utils.clip_grad_norm_(clf.parameters(), 1.0)

        
        opt.step()
      
        sched.step()

 
    mean_train_loss = ep_train_loss / len(tr_loader)            
    
    print("  mean training loss: {0:.2f}".format(mean_train_loss))
    

    print("validating")
    clf.eval()
    ep_val_acc = 0
    ep_val_loss = 0
    n_val_steps = 0
    for batch in va_loader:
        
        b_ids = batch[0].to(dev)
        b_mask = batch[1].to(dev)
        b_y = batch[2].to(dev)
        
        
        with torch.no_grad():        

            
            out = clf(b_ids, 
                                   token_type_ids=None, 
                                   attention_mask=b_mask,
                                   labels=b_y)
            loss = out[0]
            scores = out[1]
        ep_val_loss += loss.item()
        scores = scores.detach().cpu().numpy()
        gold = b_y.to('cpu').numpy()
        ep_val_acc += accuracy_flat(scores, gold)
    mean_val_acc = ep_val_acc / len(va_loader)
    print("val accuracy: {0:.2f}".format(mean_val_acc))
    mean_val_loss = ep_val_loss / len(va_loader)
    print("val loss: {0:.2f}".format(mean_val_loss))
    train_curve.append(mean_train_loss)
    val_curve.append(mean_val_loss)   
    stats.append(
        {
            'epoch': ep + 1,
            'Training Loss': mean_train_loss,
            'Valid. Loss': mean_val_loss,
            'Valid. Accur.': mean_val_acc
            
        }
    )
    
print("done training")


te_texts = fin_test['Sentence'].values
te_y = fin_test['Label'].values

te_ids, te_masks = [], []


te_texts = ["[CLS] " + s + " [SEP]" for s in te_texts]

te_pieces = [bert_tok.tokenize(s) for s in te_texts]


te_ids = [bert_tok.convert_tokens_to_ids(p) for p in te_pieces]


te_ids = pad_sequences(te_ids, 
                               maxlen=128, 
                               dtype="long",
                               truncating="post", 
                               padding="post")


for row in te_ids:
  m = [float(v>0) for v in row]
  te_masks.append(m)
  
  
  bs = 32  
te_ids = torch.tensor(te_ids)
te_masks = torch.tensor(te_masks)
te_y = torch.tensor(te_y)
pred_data = TensorDataset(te_ids, te_masks, te_y)
pred_sampler = SequentialSampler(pred_data)
pred_loader = DataLoader(pred_data, sampler=pred_sampler, batch_size=bs)

print('predicting {:,} held-out sentences...'.format(len(te_ids)))


clf.eval()

all_scores , all_gold = [], []

for batch in pred_loader:
  batch = tuple(t.to(dev) for t in batch)
  b_ids, b_mask, b_y = batch
  with torch.no_grad():
      out = clf(b_ids, token_type_ids=None, 
                      attention_mask=b_mask)

  scores = out[0]

  scores = scores.detach().cpu().numpy()
  gold = b_y.to('cpu').numpy()

  all_scores.append(scores)
  all_gold.append(gold)

  
print ('held-out accuracy: {:.2%}'.format(accuracy_flat(scores, gold)))
# a column of the held-out frame
