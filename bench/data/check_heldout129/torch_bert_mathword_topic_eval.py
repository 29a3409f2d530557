import torch
import json
import pandas as pd
from transformers import BertTokenizer, BertForSequenceClassification
from torch.utils.data import TensorDataset, DataLoader

# pick the GPU when there is one
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# held-out problems
print("reading held-out problems...")
# the split file
fh = open('asdiv_train_test.json')

# parse it into
# a dict of splits
splits = json.load(fh)
held = splits['test']

held_texts = []
held_topics = []
for prob in held:
    held_texts.append(prob['text'])
    held_topics.append(prob['label'])
print("Text:", len(held_texts), "Labels:", len(held_topics))
n_topics = pd.Series(held_topics).nunique()
print("distinct topics:", n_topics)

# topic names to integer ids
topic_ids = {t: k for k, t in enumerate(set(held_topics))}
held_ids = [topic_ids[t] for t in held_topics]


# tokenizer and classifier
tok = BertTokenizer.from_pretrained('bert-base-uncased')
clf = BertForSequenceClassification.from_pretrained('bert-large-uncased', num_labels=n_topics)

# to the device
clf.to(dev)

# fine-tuned weights
clf.load_state_dict(torch.load('./kc_model/pytorch_model.bin'))

# encode every held-out problem
enc = tok(held_texts, padding=True, truncation=True, return_tensors='pt')

# put the encoded split and the targets on the device
ids = enc['input_ids'].to(dev)
attn = enc['attention_mask'].to(dev)
gold = torch.tensor(held_ids).to(dev)

# wrap as a tensor dataset
held_set = TensorDataset(ids, attn, gold)

# batch size
bs = 32

# loader over the held-out split
held_loader = DataLoader(held_set, batch_size=bs, shuffle=False)

# inference mode
clf.eval()

# running counters
seen = 0
right = 0

# per-problem prediction log
log = open('./results.txt', 'w')

# loop over the held-out batches
for b in held_loader:
    ids = b[0].to(dev)
    attn = b[1].to(dev)
    ys = b[2].to(dev)

    # no autograd here
    with torch.no_grad():
        # forward
        out = clf(ids, attention_mask=attn)
        scores = out.logits

        # argmax class
        _, guess = torch.max(scores, dim=1)
        
        # log gold and predicted topic
        for i in range(len(ys)):
            log.write(f"Ground Truth: {held_topics[seen + i]}, Predicted: {guess[i].item()}\n")

        # tally
        right += (guess == ys).sum().item()

    seen += ys.size(0)
    
# done writing
log.close()

# accuracy
acc = right / seen
print(f'Test Accuracy: {acc}')
