import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.optim.optimizer import Optimizer
from torch.utils.tensorboard import SummaryWriter
from utils import *
import time

class SingleTrainer:
    def __init__(self, cnn_model: nn.Module, device: torch.device,
                loader_train: DataLoader, loader_val: DataLoader,
                loss_fn: nn.Module, adam_optimizer: Optimizer,
                tb_writer: SummaryWriter, n_epochs: int = 100):
                
        self.cnn_model = cnn_model.to(device)
        self.device = device
        self.loader_train = loader_train
        self.loader_val = loader_val
        self.loss_fn = loss_fn
        self.adam_optimizer = adam_optimizer
        self.tb_writer = tb_writer
        self.n_epochs = n_epochs
        self.global_step = 0

    def train(self, val_every: int = 2, print_every: int = 1000, log_every: int = 500):
            self.cnn_model.train()
            for epoch in range(self.n_epochs):
                self.cnn_model.train()       
                for batch_x, batch_labels, _ in self.loader_train:
                    batch_x = batch_x.to(self.device)
                    batch_labels = batch_labels.to(self.device)
                    
                    out_logits = self.cnn_model.forward(batch_x)
                    batch_loss = self.loss_fn(out_logits, batch_labels)
                    batch_loss.backward()
                    self.adam_optimizer.step()
                    self.adam_optimizer.zero_grad()

                    with torch.no_grad():
                        predicted = out_logits.argmax(-1)
                        per_class_acc = per_class_accuracy(batch_labels, predicted)
                        mean_class_acc = per_class_acc.sum() / 10

                    if ((self.global_step + 1) % log_every) == 0:
                        self.log_train_stats(mean_class_acc, batch_loss)
                    if ((self.global_step + 1) % print_every) == 0:
                        self.print_train_stats(mean_class_acc, batch_loss)

                    self.global_step += 1

                if ((epoch + 1) % val_every) == 0:
                    self.validate()
                    self.cnn_model.train()
                     
    def validate(self):
        summed_loss = 0
        self.cnn_model.eval()
        outcome = {"predicted": [], "batch_labels": []}

        per_file_logits = torch.Tensor([]).to(self.device) # one row of summed logits per audio file
        file_row = {} # file name -> its row in per_file_logits
        n_files_seen = 0

        with torch.no_grad():
            for batch_x, batch_labels, batch_files in self.loader_val:
                batch_x = batch_x.to(self.device)
                batch_labels = batch_labels.to(self.device)
                out_logits = self.cnn_model(batch_x)

                batch_loss = self.loss_fn(out_logits, batch_labels)
                summed_loss += batch_loss.item()
               
                for i, file_name in enumerate(batch_files):
                    if file_name not in file_row.keys():
                        file_row[file_name] = n_files_seen
                        per_file_logits = torch.cat((per_file_logits, out_logits[i:i+1]), 0) # slice keeps the 2-D shape
                        outcome["batch_labels"].append(batch_labels[i].cpu().numpy()) # every segment of a file shares its class                       
                        n_files_seen += 1
                    else:
                        per_file_logits[file_row[file_name]] += out_logits[i]

            predicted = per_file_logits.argmax(dim=-1).cpu().numpy()
            outcome["predicted"].extend(list(predicted))

       
        mean_loss = summed_loss / len(self.loader_val)

        class_acc = per_class_accuracy(
            np.array(outcome["batch_labels"]), np.array(outcome["predicted"])
        )
        mean_class_acc = class_acc.sum() / 10

        print(f"held-out loss {mean_loss:.5f} | mean per-class acc {mean_class_acc}")
        print(f"acc by class {class_acc}")

        self.tb_writer.add_scalars(
                "average acc",
                {"test": mean_class_acc},
                self.global_step
        )
        self.tb_writer.add_scalars(
                "batch_loss",
                {"test": mean_loss},
                self.global_step
        )

    def print_train_stats(self, acc, batch_loss):
        step_in_epoch = self.global_step % len(self.loader_train)
        print(
            f"epoch: [{self.n_epochs}], "
            f"step: [{step_in_epoch}/{len(self.loader_train)}], "
            f"loss on this batch {batch_loss:.5f}, "
            f"acc on this batch {acc}, "
        )

    def log_train_stats(self, acc, batch_loss):
        self.tb_writer.add_scalars(
                "average acc",
                {"train": acc},
                self.global_step
        )
        self.tb_writer.add_scalars(
                "batch_loss",
                {"train": float(batch_loss.item())},
                self.global_step
        )
    
