from torch.optim import Adam
import numpy as np
import os
from torch.utils.data import DataLoader
import torch
from tqdm import tqdm
import random
from transformers import BertModel, BertTokenizer
import pandas as pd
from torch import nn

from method.step1_adv_sample_generation.TNEWS.create_dataset import NewsTextDataset

model_tag = 'bert_base_chinese'
dataset_tag = 'TNEWS'
pretrained_path = os.path.join('/media/usr/external/home/usr/project/project3_data/base_model', model_tag)

num_labels = 15

bert_tokenizer = BertTokenizer.from_pretrained(pretrained_path)
net_model = BertModel.from_pretrained(pretrained_path)

def fix_seeds(seed_value):
    torch.manual_seed(seed_value)
    torch.cuda.manual_seed_all(seed_value)
    np.random.seed(seed_value)
    random.seed(seed_value)
    torch.backends.cudnn.deterministic = True

class NewsBertClassifier(nn.Module):
    def __init__(self):
        super(NewsBertClassifier, self).__init__()
        self.encoder = net_model
        self.head = nn.Linear(768, num_labels)
        self.act = nn.ReLU()

    def forward(self, token_ids, attn_mask):
        _, pooled = self.encoder(input_ids=token_ids, attention_mask=attn_mask, return_dict=False)
        head_out = self.head(pooled)
        activated = self.act(head_out)
        return activated

def run_evaluate(net_model, eval_dataset):
    run_device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    net_model = net_model.to(run_device)
    net_model.eval()
    test_data_loader = DataLoader(eval_dataset, batch_size=128)
    test_correct = 0
    with torch.no_grad():
        for test_batch, test_labels in test_data_loader:
            token_ids = test_batch['input_ids'].squeeze(1).to(run_device)
            attn_mask = test_batch['attention_mask'].to(run_device)
            test_labels = test_labels.to(run_device)
            logits = net_model(token_ids, attn_mask)
            n_correct = (logits.argmax(dim=1) == test_labels).sum().item()
            test_correct += n_correct
    print(f'accuracy on the held-out split: {test_correct / len(eval_dataset): .4f}')

def run_training():
    out_dir = os.path.join('/media/usr/external/home/usr/project/project3_data/experiment/experiment2/AdvCLUE/ori_model/TNEWS')
    data_dir = '/media/usr/external/home/usr/project/project3_data/dataset/TNEWS'
    print("reading the TNEWS csv files ...")
    train_data_df = pd.read_csv(os.path.join(data_dir, 'train.csv'))
    train_text_dataset = NewsTextDataset(train_data_df, bert_tokenizer)
    val_data_df = pd.read_csv(os.path.join(data_dir, 'test.csv'))
    val_text_dataset = NewsTextDataset(val_data_df, bert_tokenizer)
    print("datasets ready")

    max_epoch = 5
    train_batch_size = 32
    learn_rate = 1e-5
    run_device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    seed_number = 20241118
    fix_seeds(seed_number)

    # classifier on top of the encoder
    net_model = NewsBertClassifier()

    # loss and optimiser
    loss_criterion = nn.CrossEntropyLoss()
    adam_optimizer = Adam(net_model.parameters(), lr=learn_rate)
    net_model = net_model.to(run_device)
    loss_criterion = loss_criterion.to(run_device)

    # batch the two splits
    train_data_loader = DataLoader(train_text_dataset, batch_size=train_batch_size, shuffle=True)
    val_data_loader = DataLoader(val_text_dataset, batch_size=train_batch_size)

    # fine-tuning loop
    best_val_acc = 0
    for epoch_idx in range(max_epoch):
        train_correct = 0
        train_loss_sum = 0
        for batch_inputs, batch_labels in tqdm(train_data_loader):
            token_ids = batch_inputs['input_ids'].squeeze(1).to(run_device)  # (batch, seq)
            attn_masks = batch_inputs['attention_mask'].to(run_device)  # (batch, 1, seq)
            batch_labels = batch_labels.to(run_device)
            logits = net_model(token_ids, attn_masks)
            step_loss = loss_criterion(logits, batch_labels)
            step_loss.backward()
            adam_optimizer.step()
            adam_optimizer.zero_grad()
            n_correct = (logits.argmax(dim=1) == batch_labels).sum().item()
            train_correct += n_correct
            train_loss_sum += step_loss.item()

        # ---- check on the validation split ----
        net_model.eval()
        val_correct = 0
        val_loss_sum = 0

        with torch.no_grad():
            for batch_inputs, batch_labels in val_data_loader:
                token_ids = batch_inputs['input_ids'].squeeze(1).to(run_device)  # (batch, seq)
                attn_masks = batch_inputs['attention_mask'].to(run_device)  # (batch, 1, seq)
                batch_labels = batch_labels.to(run_device)
                logits = net_model(token_ids, attn_masks)

                step_loss = loss_criterion(logits, batch_labels)
                n_correct = (logits.argmax(dim=1) == batch_labels).sum().item()
                val_correct += n_correct
                val_loss_sum += step_loss.item()

            print(f'''epoch {epoch_idx + 1}
              | mean train loss: {train_loss_sum / len(train_text_dataset): .3f}
              | train acc: {train_correct / len(train_text_dataset): .3f}
              | mean val loss: {val_loss_sum / len(val_text_dataset): .3f}
              | val acc: {val_correct / len(val_text_dataset): .3f}''')

            # keep the weights with the best validation accuracy
            if val_correct / len(val_text_dataset) > best_val_acc:
                best_val_acc = val_correct / len(val_text_dataset)
                if not os.path.exists(out_dir):
                    os.makedirs(out_dir)
                model_out_dir = os.path.join(out_dir, model_tag)
                if not os.path.exists(model_out_dir):
                    os.makedirs(model_out_dir)
                model_out_file = os.path.join(model_out_dir, 'best_' + dataset_tag + '_' + model_tag + '.pt')
                torch.save(net_model, model_out_file)

        net_model.train()


if __name__ == '__main__':
    pass




