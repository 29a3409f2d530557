# --

# --

# --



import numpy as np  # --

import pandas as pd  # --



# --

# --



import os

for dirname, _, filenames in os.walk('/kaggle/input'):

    for filename in filenames:

        print(os.path.join(dirname, filename))



# --

# --
import transformers

from transformers import BertModel, BertTokenizer, AdamW, get_linear_schedule_with_warmup

import torch

import numpy as np

import pandas as pd

import seaborn as sns

from pylab import rcParams

import matplotlib.pyplot as plt

import re

from tqdm import tqdm

from string import punctuation

from nltk.stem import WordNetLemmatizer

from nltk.corpus import stopwords

from matplotlib import rc

from sklearn.model_selection import train_test_split

from sklearn.metrics import confusion_matrix, classification_report, f1_score

from collections import defaultdict

from textwrap import wrap

from torch import nn, optim

from torch.utils.data import Dataset, DataLoader

from sklearn.utils import resample

from tqdm import tqdm

import warnings





warnings.filterwarnings('ignore')



sns.set(style='whitegrid', palette='muted', font_scale=1.2)

PALETTE_HEX = ["#01BEFE", "#FFDD00", "#FF7D00", "#FF006D", "#ADFF02", "#8F00FF"]

sns.set_palette(sns.color_palette(PALETTE_HEX))

rcParams['figure.figsize'] = 12, 8

SEED = 42

np.random.seed(SEED)

torch.manual_seed(SEED)

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")



stopset = set(stopwords.words('english'))

punctuation = punctuation + '""“”’' + '∞θ÷α•à−β∅³π‘₹´°£€\×™√²—–&'
df = pd.read_csv('/kaggle/input/quora-insincere-questions-classification/train.csv')

df.head()
df['target'].value_counts()
# --

df.isnull().sum(axis = 0)
# --

short_forms = {

    "ain't": "am not", "aren't": "are not",

    "could've": "could have", "couldn't": "could not",

    "doesn’t": "does not", "don't": "do not",

    "haven't": "have not", "he'd": "he had",

    "how'd": "how did", "how'd'y": "how do you",

    "i'll": "i will", "i'll've": "i will have",

    "it'll": "it will", "it'll've": "it will have",

    "mightn't": "might not", "mightn't've": "might not have",

    "needn't": "need not", "needn't've": "need not have",

    "shan't": "shall not", "sha'n't": "shall not",

    "she'll": "she will", "she'll've": "she will have",

    "shouldn't've": "should not have", "so've": "so have",

    "that's": "that is", "there'd": "there would",

    "they'd've": "they would have", "they'll": "they will",

    "to've": "to have", "wasn't": "was not",

    "we're": "we are", "we've": "we have",

    "what's": "what is", "what've": "what have",

    "where've": "where have", "who'll": "who will",

    "why've": "why have", "will've": "will have",

    "wouldn't": "would not", "wouldn't've": "would not have",

    "y'all'd've": "you all would have", "y'all're": "you all are",

    "you'll": "you will", "you'll've": "you will have",

    "can’t": "cannot", "can’t’ve": "cannot have",

    "didn’t": "did not", "doesn’t": "does not",

    "hasn’t": "has not", "haven’t": "have not",

    "he’s": "he is", "how’d": "how did",

    "i’ll": "i will", "i’ll’ve": "i will have",

    "it’ll": "it will", "it’ll’ve": "it will have",

    "might’ve": "might have", "mightn’t": "might not",

    "mustn’t’ve": "must not have", "needn’t": "need not",

    "oughtn’t": "ought not", "oughtn’t’ve": "ought not have",

    "she’d": "she would", "she’d’ve": "she would have",

    "should’ve": "should have", "shouldn’t": "should not",

    "that’d": "that would", "that’d’ve": "that would have",

    "there’s": "there is", "they’d": "they would",

    "they’re": "they are", "they’ve": "they have",

    "we’ll": "we will", "we’ll’ve": "we will have",

    "what’ll’ve": "what will have", "what’re": "what are",

    "when’ve": "when have", "where’d": "where did",

    "who’ll’ve": "who will have", "who’s": "who is",

    "won’t": "will not", "won’t’ve": "will not have",

    "y’all": "you all", "y’all": "you all",

    "y’all’ve": "you all have", "you’d": "you would",

    "you’re": "you are", "you’re": "you are"

}

short_forms_re = re.compile('(%s)' % '|'.join(short_forms.keys()))
# --

def strip_tags(raw):

    tag_re = re.compile('<.*?>')

    no_tags = re.sub(tag_re, '', raw)

    return no_tags



# --

def expand_short(s, short_forms=short_forms):

    def replace(match):

        return short_forms[match.group(0)]

    return short_forms_re.sub(replace, s)



# --

def normalise_questions(question):

    global _unused_sent

    

    # --

    question = question.str.lower()

    

    # --

    question = question.apply(lambda x: strip_tags(x))

    

    # --

    question = question.apply(lambda x: re.sub('\S+@\S+','', x))

    

    # --

    question = question.apply(lambda x: re.sub("((http\://|https\://|ftp\://)|(www.))+(([a-zA-Z0-9\.-]+\.[a-zA-Z]{2,4})|([0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}))(/[a-zA-Z0-9%:/-_\?\.'~]*)?",'', x))

    

    # --

    question = question.apply(lambda x: expand_short(x))

    

    # --

    question = question.apply(lambda x: x.replace("'s", ''))

    question = question.apply(lambda x: x.replace('’s', ''))

    question = question.apply(lambda x: x.replace("\'s", ''))

    question = question.apply(lambda x: x.replace("\’s", ''))

    

    # --

    question = question.apply(lambda x: re.sub(' +', ' ',x))

    

    # --

    question = question.apply(lambda x: ''.join(word for word in x if word not in punctuation))

    

    # --

    question = question.apply(lambda x: re.sub(' +', ' ',x))

    

    # --

    # --

    

    return question
df['processed_text'] = normalise_questions(df['question_text'])



# --

wnl = WordNetLemmatizer()

df['processed_text'] = df['processed_text'].apply(lambda x: " ".join(wnl.lemmatize(word) for word in x.split()))



df['processed_text'] = df['processed_text'].astype('str')

df = resample(df, random_state = SEED)



df.head(20)
# --

BACKBONE = 'bert-base-cased'

MAX_LEN = 160

BATCH_SIZE = 16

EPOCHS = 1
# --

tokenizer = BertTokenizer.from_pretrained(BACKBONE)



# --

demo_text = 'Is it normal to miss the office after a month at home?'



tokens = tokenizer.tokenize(demo_text)

token_ids = tokenizer.convert_tokens_to_ids(tokens)

print(f'text   : {demo_text}')

print(f'pieces : {tokens}')

print(f'ids    : {token_ids}')



encoding = tokenizer.encode_plus(

  demo_text,

  max_length=32,

  add_special_tokens=True,  # --

  return_token_type_ids=False,

  pad_to_max_length=True,

  return_attention_mask=True,

  return_tensors='pt',  # --

)

encoding.keys()
# --

n_tokens = []

for txt in tqdm(df.processed_text):

    tokens = tokenizer.encode(txt, max_length=512, truncation = True)

    n_tokens.append(len(tokens))
# --

sns.distplot(n_tokens)

plt.xlim([0, 256]);

plt.xlabel('tokens per question');
# --

class QuoraQuestions(Dataset):

    

    def __init__(self, questions, targets, tokenizer, max_len):

        self.questions = questions

        self.targets = targets

        self.tokenizer = tokenizer

        self.max_len = max_len

    def __len__(self):

        return len(self.questions)

    def __getitem__(self, item):

        question = str(self.questions[item])

        target = self.targets[item]

        encoding = self.tokenizer.encode_plus(

          question,

          add_special_tokens=True,

          max_length=self.max_len,

          return_token_type_ids=False,

          pad_to_max_length=True,

          return_attention_mask=True,

          return_tensors='pt',

          truncation=True  

        )

        return {

          'question_text': question,

          'input_ids': encoding['input_ids'].flatten(),

          'attention_mask': encoding['attention_mask'].flatten(),

          'targets': torch.tensor(target, dtype=torch.long)

      }
# --

tr_df, te_df = train_test_split(

  df,

  test_size = 0.4,

  random_state = SEED

)

va_df, te_df = train_test_split(

  te_df,

  test_size = 0.6,

  random_state = SEED

)

print ("train rows/cols:", tr_df.shape)

print ("val rows/cols:", va_df.shape)

print ("test rows/cols:", te_df.shape)
# --

def make_loader(df, tokenizer, max_len, batch_size):

    ds = QuoraQuestions(

      questions = df.processed_text.to_numpy(),

      targets = df.target.to_numpy(),

      tokenizer = tokenizer,

      max_len = max_len

    )

    return DataLoader(

      ds,

      batch_size = batch_size,

      num_workers = 0

    )



tr_loader = make_loader(tr_df, tokenizer, MAX_LEN, BATCH_SIZE)

va_loader = make_loader(va_df, tokenizer, MAX_LEN, BATCH_SIZE)

te_loader = make_loader(te_df, tokenizer, MAX_LEN, BATCH_SIZE)



data = next(iter(tr_loader))

data.keys()



print (len(tr_loader))

print (len(va_loader))

print (len(te_loader))
print(data['input_ids'].shape)

print(data['attention_mask'].shape)

print(data['targets'].shape)
# --

probe_bert = BertModel.from_pretrained(BACKBONE)



last_hidden_state, pooled_output = probe_bert(

  input_ids=encoding['input_ids'],

  attention_mask=encoding['attention_mask']

)



print (last_hidden_state.shape)
probe_bert.config.hidden_size
pooled_output.shape
# --

class InsincereClassifier(nn.Module):

    def __init__(self, n_classes):

        super(InsincereClassifier, self).__init__()

        self.bert = BertModel.from_pretrained(BACKBONE)

        self.drop = nn.Dropout(p=0.3)

        self.out = nn.Linear(self.bert.config.hidden_size, n_classes)

    def forward(self, input_ids, attention_mask):

        _, pooled_output = self.bert(

          input_ids=input_ids,

          attention_mask=attention_mask

        )

        output = self.drop(pooled_output)

        return self.out(output)



model = InsincereClassifier(2)

model = model.to(device)
input_ids = data['input_ids'].to(device)

attention_mask = data['attention_mask'].to(device)

print(input_ids.shape)  # --

print(attention_mask.shape)  # --



model(input_ids, attention_mask)



optimizer = AdamW(model.parameters(), lr=2e-5, correct_bias=False)

n_steps = len(tr_loader) * EPOCHS

scheduler = get_linear_schedule_with_warmup(

  optimizer,

  num_warmup_steps=0,

  num_training_steps=n_steps

)

criterion = nn.CrossEntropyLoss().to(device)
# --

def run_train_epoch(

    model,

    loader,

    criterion,

    optimizer,

    device,

    scheduler,

    n_items

):  

    model = model.train()

    losses = []

    n_right = 0

    for d in loader:

        input_ids = d["input_ids"].to(device)

        attention_mask = d["attention_mask"].to(device)

        targets = d["targets"].to(device)

        outputs = model(

          input_ids=input_ids,

          attention_mask=attention_mask

        )

        _, preds = torch.max(outputs, dim=1)

        loss = criterion(outputs, targets)

        n_right += torch.sum(preds == targets)

        losses.append(loss.item())

        loss.backward()

        nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)

        optimizer.step()

        scheduler.step()

        optimizer.zero_grad()

    return n_right.double() / n_items, np.mean(losses)
# --

def run_eval(model, loader, criterion, device, n_items):

    model = model.eval()

    losses = []

    n_right = 0

    with torch.no_grad():

        for d in loader:

            input_ids = d["input_ids"].to(device)

            attention_mask = d["attention_mask"].to(device)

            targets = d["targets"].to(device)

            outputs = model(

              input_ids=input_ids,

              attention_mask=attention_mask

            )

            _, preds = torch.max(outputs, dim=1)

            loss = criterion(outputs, targets)

            n_right += torch.sum(preds == targets)

            losses.append(loss.item())

    return n_right.double() / n_items, np.mean(losses)

curves = defaultdict(list)

best_acc = 0

for epoch in range(EPOCHS):

  print(f'epoch {epoch + 1} of {EPOCHS}')

  print('-' * 50)

  train_acc, train_loss = run_train_epoch(

    model,

    tr_loader,

    criterion,

    optimizer,

    device,

    scheduler,

    len(tr_df)

  )

  print(f'train: loss={train_loss} acc={train_acc}')

  val_acc, val_loss = run_eval(

    model,

    va_loader,

    criterion,

    device,

    len(va_df)

  )

  print(f'valid: loss={val_loss} acc={val_acc}')

  print()

  curves['train_acc'].append(train_acc)

  curves['train_loss'].append(train_loss)

  curves['val_acc'].append(val_acc)

  curves['val_loss'].append(val_loss)

  if val_acc > best_acc:

    torch.save(model.state_dict(), 'best_model_state.bin')

    best_acc = val_acc
# --

test_acc, _ = run_eval(

  model,

  te_loader,

  criterion,

  device,

  len(te_df)

)



print (test_acc)
# --

def collect_predictions(model, loader):

    model = model.eval()

    q_texts = []

    pred_labels = []

    pred_logits = []

    gold = []

    with torch.no_grad():

        for d in loader:

            texts = d["question_text"]

            input_ids = d["input_ids"].to(device)

            attention_mask = d["attention_mask"].to(device)

            targets = d["targets"].to(device)

            outputs = model(

              input_ids=input_ids,

              attention_mask=attention_mask

            )

            _, preds = torch.max(outputs, dim=1)

            q_texts.extend(texts)

            pred_labels.extend(preds)

            pred_logits.extend(outputs)

            gold.extend(targets)

    pred_labels = torch.stack(pred_labels).cpu()

    pred_logits = torch.stack(pred_logits).cpu()

    gold = torch.stack(gold).cpu()

    return q_texts, pred_labels, pred_logits, gold



out_texts, out_pred, out_logits, out_gold = collect_predictions(

  model,

  te_loader

)
# --

i = 0

for t, pred, prob in zip(out_texts, out_pred, out_logits):

    print (t, end = "   ")

    print (pred, end = "   ")

    print (prob)

    i+=1

    if i == 10:

        break
# --

print(classification_report(out_gold, out_pred))
# --

tn, fp, fn, tp = confusion_matrix(out_gold, out_pred).ravel()

print ("TN:", tn)

print ("FP:", fp)

print ("FN:", fn)

print ("TP:", tp)
# --

print (f1_score(out_gold, out_pred))