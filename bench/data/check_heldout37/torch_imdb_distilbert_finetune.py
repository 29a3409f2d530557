import torch
from torch.utils.data import DataLoader
from torch.optim import AdamW
from transformers import DistilBertTokenizer, DistilBertForSequenceClassification
from datasets import load_dataset
from tqdm import tqdm

imdb_splits = load_dataset('imdb')

train_set = imdb_splits['train']
test_set = imdb_splits['test']

tokenizer = DistilBertTokenizer.from_pretrained('distilbert-base-uncased')

def encode_texts(rows):
    return tokenizer(rows['text'], padding='max_length', truncation=True)

train_set = train_set.map(encode_texts, batched=True)
test_set = test_set.map(encode_texts, batched=True)

train_set.set_format('torch', columns=['input_ids', 'attention_mask', 'label'])
test_set.set_format('torch', columns=['input_ids', 'attention_mask', 'label'])

train_loader = DataLoader(train_set, batch_size=8, shuffle=True, pin_memory=True)
test_loader = DataLoader(test_set, batch_size=8, shuffle=False, pin_memory=True)

batch = next(iter(train_loader))
print(batch['input_ids'].shape)
print(batch['label'].shape)

device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')

model = DistilBertForSequenceClassification.from_pretrained('distilbert-base-uncased', num_labels=2)
model = model.to(device)

optimizer = AdamW(model.parameters(), lr=2e-5)
loss_fn = torch.nn.CrossEntropyLoss()

def fit_epoch(model, loader, optimizer, loss_fn, device, accum_steps=8):
    model.train()
    loss_sum = 0
    acc_sum = 0

    for batch in tqdm(loader):
        optimizer.zero_grad()
        input_ids = batch['input_ids'].to(device)
        attention_mask = batch['attention_mask'].to(device)
        labels = batch['label'].to(device)

        outputs = model(input_ids, attention_mask=attention_mask, labels=labels)
        loss = outputs.loss
        logits = outputs.logits

        loss.backward()

        if len(loader) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()

        loss_sum += loss.item()
        acc_sum += (logits.argmax(dim=1) == labels).sum().item() / len(labels)

    return loss_sum / len(loader), acc_sum / len(loader)

def evaluate_split(model, loader, loss_fn, device):
    model.eval()
    loss_sum = 0
    acc_sum = 0

    with torch.no_grad():
        for batch in tqdm(loader):
            input_ids = batch['input_ids'].to(device)
            attention_mask = batch['attention_mask'].to(device)
            labels = batch['label'].to(device)

            outputs = model(input_ids, attention_mask=attention_mask, labels=labels)
            loss = output.loss
            logits = output.logits

            loss_sum += loss.item()
            acc_sum += (logits.argmax(dim=1) == labels).sum().item() / len(labels)

    return loss_sum / len(loader), acc_sum / len(loader)

epoch_count = 3

for epoch in range(epoch_count):
    print(f"training, pass {epoch}")
    train_loss_avg, train_acc_avg = fit_epoch(model, train_loader, optimizer, loss_fn, device)
    
    print(f"scoring the test split, pass {epoch}")
    val_loss_avg, val_acc_avg = evaluate_split(model, test_loader, loss_fn, device)

    print(f'pass {epoch+1} done')
    print(f'\ttrain loss {train_loss_avg:.3f}, train acc {train_acc_avg*100:.2f}%')
    print(f'\ttest loss {val_loss_avg:.3f}, test acc {val_acc_avg*100:.2f}%')
