import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.optim.optimizer import Optimizer
from torch.utils.tensorboard import SummaryWriter
from utils import *
import time

class TwoStreamTrainer:
    def __init__(self, first_model: nn.Module, second_model:nn.Module, device: torch.device,
                loader_train: DataLoader, loader_val: DataLoader,
                loss_fn: nn.Module, lmc_optim: Optimizer, mc_optim: Optimizer,
                tb_writer: SummaryWriter, n_epochs: int = 100):
                
        self.lmc_net = first_model.to(device)
        self.mc_net = second_model.to(device)
        self.device = device

        self.loader_train = loader_train
        self.loader_val = loader_val

        self.loss_fn = loss_fn
        self.lmc_optim = lmc_optim
        self.mc_optim = mc_optim

        self.tb_writer = tb_writer
        self.n_epochs = n_epochs
        self.global_step = 0
        self.to_probs = nn.Softmax(dim=1)

    def train(self, val_every: int = 2, print_every: int = 1000, log_every: int = 500):
            self.lmc_net.train()
            self.mc_net.train()
            for epoch in range(self.n_epochs):
                self.lmc_net.train()
                self.mc_net.train()

                for (lmc_part, mc_part) in self.loader_train:
                    lmc_batch_x, lmc_batch_labels, _ = lmc_part
                    mc_batch_x, mc_batch_labels , _ = mc_part

                    lmc_batch_x = lmc_batch_x.to(self.device)
                    lmc_batch_labels = lmc_batch_labels.to(self.device)
                    mc_batch_x = mc_batch_x.to(self.device)
                    mc_batch_labels = mc_batch_labels.to(self.device)
                    
                    lmc_out = self.lmc_net.forward(lmc_batch_x)
                    mc_out = self.mc_net.forward(mc_batch_x)
                    out_logits = (self.to_probs(lmc_out) + self.to_probs(mc_out)) / 2

                    lmc_batch_loss = self.loss_fn(lmc_out, lmc_batch_labels)
                    lmc_batch_loss.backward()
                    self.lmc_optim.step()
                    self.lmc_optim.zero_grad()

                    mc_batch_loss = self.loss_fn(mc_out, mc_batch_labels)
                    mc_batch_loss.backward()
                    self.mc_optim.step()
                    self.mc_optim.zero_grad()

                    batch_labels = lmc_batch_labels

                    with torch.no_grad():
                        predicted = out_logits.argmax(-1)
                        per_class_acc = per_class_accuracy(batch_labels, predicted)
                        mean_class_acc = per_class_acc.sum() / 10

                    if ((self.global_step + 1) % log_every) == 0:
                        self.log_train_stats(mean_class_acc)
                    if ((self.global_step + 1) % print_every) == 0:
                        self.print_train_stats(mean_class_acc, epoch)

                    self.global_step += 1

                if ((epoch + 1) % val_every) == 0:
                    self.validate()
                    self.lmc_net.train()
                    self.mc_net.train()
                     
    def validate(self):
        summed_loss = 0
        self.lmc_net.eval()
        self.mc_net.eval()
        outcome = {"predicted": [], "batch_labels": []}

        per_file_logits = torch.Tensor([]).to(self.device) # one row of summed logits per audio file
        file_row = {} # file name -> its row in per_file_logits
        n_files_seen = 0

        with torch.no_grad():
            for (lmc_part, mc_part) in self.loader_val:
                lmc_batch_x, lmc_batch_labels, lmc_files = lmc_part
                mc_batch_x, mc_batch_labels , mc_files = mc_part

                print(mc_batch_labels == lmc_batch_labels)
                print(lmc_files == mc_files)


                lmc_batch_x = lmc_batch_x.to(self.device)
                mc_batch_x = mc_batch_x.to(self.device)

                batch_labels = lmc_batch_labels.to(self.device)
                lmc_out = self.lmc_net(lmc_batch_x)
                mc_out = self.mc_net(mc_batch_x)
                out_logits = (self.to_probs(lmc_out) + self.to_probs(mc_out)) / 2

                for i, file_name in enumerate(lmc_files):
                    if file_name not in file_row.keys():
                        file_row[file_name] = n_files_seen
                        per_file_logits = torch.cat((per_file_logits, out_logits[i:i+1]), 0) # slice keeps the 2-D shape
                        outcome["batch_labels"].append(batch_labels[i].cpu().numpy()) # every segment of a file shares its class                       
                        n_files_seen += 1
                    else:
                        per_file_logits[file_row[file_name]] += out_logits[i]

            predicted = per_file_logits.argmax(dim=-1).cpu().numpy()
            outcome["predicted"].extend(list(predicted))

        class_acc = per_class_accuracy(
            np.array(outcome["batch_labels"]), np.array(outcome["predicted"])
        )
        mean_class_acc = class_acc.sum() / 10

        # print(f"held-out loss {mean_loss:.5f} | mean per-class acc {mean_class_acc}")
        print(f"mean per-class acc {mean_class_acc}")
        print(f"acc by class {class_acc}")

        self.tb_writer.add_scalars(
                "average acc",
                {"test": mean_class_acc},
                self.global_step
        )

    def print_train_stats(self, acc, epoch):
        step_in_epoch = self.global_step % (len(self.loader_train))
        print(
            f"epoch: [{epoch}], "
            f"step: [{step_in_epoch}/{len(self.loader_train)}], "
            f"acc on this batch {acc}, "
        )

    def log_train_stats(self, acc):
        self.tb_writer.add_scalars(
                "average acc",
                {"train": acc},
                self.global_step
        )
