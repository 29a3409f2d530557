import torch
from torch.utils.data import DataLoader
from torch.optim import AdamW
from transformers import get_linear_schedule_with_warmup
from sklearn.metrics import accuracy_score, f1_score
import numpy as np
from tqdm import tqdm

def fit_classifier(model, train_dataset, val_dataset, num_epochs=5, batch_size=32, learning_rate=2e-5):
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    model = model.to(dev)

    tr_loader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True)
    va_loader = DataLoader(val_dataset, batch_size=batch_size)

    opt = AdamW(model.parameters(), lr=learning_rate)
    n_steps = len(tr_loader) * num_epochs
    sched = get_linear_schedule_with_warmup(
        opt,
        num_warmup_steps=0,
        num_training_steps=n_steps
    )
    loss_fn = torch.nn.CrossEntropyLoss()

    top_f1 = 0
    
    for ep in range(num_epochs):
        model.train()
        running = 0
        
        for batch in tqdm(tr_loader, desc=f'epoch {ep + 1}/{num_epochs}'):
            ids = batch['input_ids'].to(dev)
            mask = batch['attention_mask'].to(dev)
            y = batch['label'].to(dev)

            opt.zero_grad()
            logits = model(input_ids=ids, attention_mask=mask)
            loss = loss_fn(logits, y)
            
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            
            opt.step()
            sched.step()
            
            running += loss.item()

        # held-out pass
        model.eval()
        pred_ids = []
        gold_ids = []
        
        with torch.no_grad():
            for batch in va_loader:
                ids = batch['input_ids'].to(dev)
                mask = batch['attention_mask'].to(dev)
                y = batch['label'].to(dev)

                logits = model(input_ids=ids, attention_mask=mask)
                guess = torch.argmax(logits, dim=1)
                
                pred_ids.extend(guess.cpu().numpy())
                gold_ids.extend(y.cpu().numpy())

        f1 = f1_score(gold_ids, pred_ids, average='weighted')
        acc = accuracy_score(gold_ids, pred_ids)
        
        print(f'epoch {ep + 1}:')
        print(f'mean train loss: {running / len(tr_loader):.4f}')
        print(f'val accuracy: {acc:.4f}')
        print(f'val weighted F1: {f1:.4f}')
        
        if f1 > top_f1:
            top_f1 = f1
            torch.save(model.state_dict(), 'top_model.pt')
            
    return model
