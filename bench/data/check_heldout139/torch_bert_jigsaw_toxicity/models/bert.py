# Fine-tuned BERT that scores comments as toxic or not
# course project, spring term
#   
# Parts follow a public blog walkthrough on
# fine-tuning BERT for sentence classification

import os
import torch
import numpy as np
import torch.nn as nn
from tqdm import tqdm
import utils.utils as helpers
from torch.optim import AdamW
import torch.nn.functional as F
from transformers import BertTokenizer
from utils.roc_auc import evaluate_roc
from data.toxic_dataset import CommentTable
from utils.earlystopping import EarlyStopping
from models.bertclassifier import BertClassifier
from sklearn.model_selection import train_test_split
from utils.text_processing import bert_clean
from transformers import get_linear_schedule_with_warmup
 
# Runs the pretrained word-piece tokenizer over every comment and
# gives back two lists: the id rows and the attention-mask rows
def encode_all(comments, tok, tag):

    id_rows = []
    mask_rows = []

    with tqdm(comments) as bar:

        bar.set_description('{} comments'.format(tag))
        
        # One encode_plus call per comment, padded to a
        # fixed width with the BERT tokenizer
        for text in bar:
            enc = tok.encode_plus(
                text=bert_clean(text),
                max_length=256, # only a few hundred comments are longer
                padding='max_length',
                truncation='longest_first',
                return_attention_mask=True
                )

            id_rows.append(enc.get('input_ids'))
            mask_rows.append(enc.get('attention_mask'))

    return id_rows, mask_rows

# One pass over the training batches
def train(net, train_loader, device, loss_fn, opt, sched):

    # training mode for dropout
    net.train()

    running = 0.0

    # Walk every batch once
    with tqdm(train_loader, unit='batch') as bar:
        for i, batch in enumerate(bar):

            # Show the running mean loss
            mean_so_far = running / (i + 1)
            msg = 'train loss {:.4}'.format(mean_so_far)
            bar.set_description(msg)

            ids, att, y = batch
            
            # Move the batch over
            ids = ids.to(device)
            att = att.to(device)
            y = y.to(device)

            # Clear old gradients
            net.zero_grad()

            # Forward
            logits = net(ids, att)

            # Loss of this batch
            loss = loss_fn(logits, y)

            # Keep a float of it
            running += loss.item()

            # Backward
            loss.backward()

            # Cap the gradient norm
            torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)

            # Update weights and schedule
            opt.step()
            sched.step()

# Scores the current weights on the held-out part
def validate(net, val_loader, device, loss_fn):

    # inference mode for dropout
    net.eval()

    acc_sum = 0.0
    loss_sum = 0.0

    # Walk every held-out batch
    with tqdm(val_loader, unit='batch') as bar:
        for i, batch in enumerate(bar):
            
            # Show the running mean loss
            mean_so_far = loss_sum / (i + 1)
            msg = 'held-out loss {:.4}'.format(mean_so_far)
            bar.set_description(msg)

            ids, att, y = batch
            
            # Move the batch over
            ids = ids.to(device)
            att = att.to(device)
            y = y.to(device)

            # Forward without a graph
            with torch.no_grad():
                logits = net(ids, att)

            # Loss of this batch
            loss = loss_fn(logits, y)

            # Keep a float of it
            loss_sum += loss.item()

            guess = torch.argmax(logits, dim=1).flatten()

            # Batch accuracy in percent
            batch_acc = (guess == y).cpu().numpy().mean() * 100
            acc_sum += batch_acc

    # Means over batches
    loss_sum = loss_sum / len(val_loader)
    acc_sum = acc_sum / len(val_loader)

    print('held-out accuracy {:.1f}'.format(acc_sum))

    return loss_sum

# Class probabilities for a whole split
def predict(net, test_loader, device):

    # inference mode for dropout
    net.eval()

    outs = []

    # Walk every test batch
    with tqdm(test_loader, unit='batch') as bar:
        for batch in bar:
            bar.set_description('scoring')

            ids, att, y = batch
                
            ids = ids.to(device)
            att = att.to(device)
            y = y.to(device)

            # Forward without a graph
            with torch.no_grad():
                logits = net(ids, att)

            outs.append(logits)
    
    # Softmax over all rows for the ROC
    outs = torch.cat(outs, dim=0)
    probs = F.softmax(outs, dim=1).cpu().numpy()

    return probs

def run_model():
        
    # Settings
    n_epochs = 100
    bs = 16
    ckpt = '../models/bert_best.pt'

    # Empty the CUDA cache and choose the device
    helpers.setup()
    device = helpers.pick_device()
    
    # Read both CSV splits
    train_table = CommentTable(train_split=True)
    test_table = CommentTable(train_split=False)
    X, y = train_table.arrays()
    X_test, y_test = test_table.arrays()

    # Hold out a tenth for validation
    X_train, X_val, y_train, y_val = train_test_split(X, y, 
                                            test_size=0.1, random_state=6640)    
   
    # Word-piece ids and masks for every split
    print('tokenizing')

    tok = BertTokenizer.from_pretrained('bert-base-uncased')

    tr_ids, tr_att = encode_all(X_train, tok, 'train')
    va_ids, va_att = encode_all(X_val, tok, 'held-out')
    te_ids, te_att = encode_all(X_test, tok, 'test')

    print('tokenizing done')

    # Tensors and loaders
    print('building loaders')
    tr_tensors = helpers.to_tensors(tr_ids, y_train, tr_att)
    va_tensors = helpers.to_tensors(va_ids, y_val, va_att)
    te_tensors = helpers.to_tensors(te_ids, y_test, te_att)

    train_loader = helpers.make_loader(tr_tensors, bs, train=True)
    val_loader = helpers.make_loader(va_tensors, bs)
    test_loader = helpers.make_loader(te_tensors, bs)
    
    print('loaders ready')

    print('training')

    # The network
    net = BertClassifier()
    
    # Onto the device
    net.to(device)

    # Optimiser, loss, stopper
    opt = AdamW(net.parameters(), lr=1e-5)
    loss_fn = nn.CrossEntropyLoss()
    stopper = EarlyStopping(patience=5)


    n_steps = len(train_loader) * n_epochs
    sched = get_linear_schedule_with_warmup(opt,
                                                num_warmup_steps=0,
                                                num_training_steps=n_steps)

    # Train, keeping the best checkpoint 
    best = np.inf
    for ep in range(n_epochs):
        print(f'epoch {ep + 1}')
        train(net, train_loader, device, loss_fn, opt, sched)
        loss = validate(net, val_loader, device, loss_fn)

        if loss < best:
            best = loss
            print('new best, saving')
            torch.save(net.state_dict(), ckpt)
    
        # Stop when the held-out loss stalls
        stopper(loss)
        if stopper.stop:
            break
        
    print('training done')

    print('scoring test split')
    
    if os.path.exists(ckpt):
        net.load_state_dict(torch.load(ckpt))

    # Probabilities for the test comments
    probs = predict(net, test_loader, device)

    print('scoring done')

    # ROC and accuracy
    evaluate_roc(probs, y_test, 'BERT')
