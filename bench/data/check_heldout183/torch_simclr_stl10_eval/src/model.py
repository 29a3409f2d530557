"""
Self-supervised (SimCLR) trainer around a CNN or ResNet encoder.
"""

import os
import gc
from tqdm import tqdm
import numpy as np
import pandas as pd
import torch as th
import torchvision
import itertools
from utils.utils import set_seed
from utils.loss_functions import  NTXentLoss
from utils.model_plot import save_loss_plot
from utils.model_utils import CNNEncoder, ResNet
th.autograd.set_detect_anomaly(True)


class ContrastiveEncoder:
    """
    Encoder trained with the NT-Xent loss (https://arxiv.org/pdf/2002.05709.pdf).
    """

    def __init__(self, options):
        """
        :param dict options: configuration dictionary.
        """
        # configuration
        self.options = options
        # device (GPU or CPU)
        self.device = options["device"]
        # bookkeeping containers
        self.model_dict, self.summary = {}, {}
        # seeding
        set_seed(self.options)
        # build the network
        print("Building models...")
        # encoder, loss, optimizer, device placement
        self.set_contrastive_encoder()
        # optional lr scheduler
        self.set_scheduler()
        # output folders
        self.set_paths()
        # print the architecture
        self.get_model_summary()

    def set_contrastive_encoder(self):
        # encoder instance
        self.contrastive_encoder = self.get_encoder()
        # remember it for saving / loading
        self.model_dict.update({"contrastive_encoder": self.contrastive_encoder})
        # data parallel over several GPUs when asked
        if self.options["multi_gpu"] and th.cuda.device_count() > 1:
            self.contrastive_encoder = th.nn.DataParallel(self.contrastive_encoder) 
        # move to the device
        self.contrastive_encoder.to(self.device)
        # NT-Xent loss
        self.contrastive_loss = NTXentLoss(self.options)
        # Adam optimizer
        self.optimizer_ce = self._adam([self.contrastive_encoder.parameters()], lr=self.options["learning_rate"])
        # loss history slots
        self.summary.update({"contrastive_loss": [], "kl_loss": []})

    def get_encoder(self):
        """ResNet18, ResNet50 or the custom CNN encoder."""
        # ResNet18 backbone
        if self.options["resnet18"]:
            encoder = torchvision.models.resnet18(pretrained=self.options["pretrained"])
            return ResNet(encoder, self.options)
        # ResNet50 backbone
        if self.options["resnet50"]:
            encoder = torchvision.models.resnet50(pretrained=self.options["pretrained"])
            return ResNet(encoder, self.options)
        # custom CNN otherwise
        return CNNEncoder(self.options)
        
    def fit(self, data_loader):
        """
        :param IterableDataset data_loader: loaders for training and validation.
        :return: None

        Contrastive training loop.
        """
        # training loader
        train_loader = data_loader.train_loader
        # validation loader
        validation_loader = data_loader.test_loader
        # per-batch and per-epoch loss histories
        self.loss = {"ntx_loss_b": [], "ntx_loss_e": [], "vloss_b": [], "vloss_e": []}
        # training mode
        self.set_mode(mode="training")
        # batch size
        bs = self.options["batch_size"]
        # batches per epoch
        self.total_batches = len(train_loader)
        print(f"Total number of samples / batches in training set: {len(train_loader.dataset)} / {len(train_loader)}")
        # epochs
        for epoch in range(self.options["epochs"]):
            # step the scheduler when enabled
            _ = self.scheduler.step() if self.options["scheduler"] else None
            # progress bar over batches
            self.train_tqdm = tqdm(enumerate(train_loader), total=self.total_batches, leave=True)
            # batches
            for i, ((xi, xj), _) in self.train_tqdm:
                # stack both views into one device tensor
                Xbatch = self.process_batch(xi, xj)
                # forward
                z, _ = self.contrastive_encoder(Xbatch)
                # loss
                contrastive_loss = self.contrastive_loss(z)
                # log the batch loss as a float
                self.loss["ntx_loss_b"].append(contrastive_loss.item())
                # backward and step
                self.update_model(contrastive_loss, self.optimizer_ce, retain_graph=True)
                # release the loss
                del contrastive_loss
                gc.collect()
                # progress message
                self.update_log(epoch, i)
            # epoch mean of the batch losses
            self.loss["ntx_loss_e"].append(sum(self.loss["ntx_loss_b"][-self.total_batches:-1]) / self.total_batches)
            # validation every nth epoch
            _ = self.validate(validation_loader) if epoch % self.options["nth_epoch"] == 0 else None
        # plot the losses
        save_loss_plot(self.loss, self._plots_path)
        # losses as a table
        loss_df = pd.DataFrame(dict([(k, pd.Series(v)) for k, v in self.loss.items()]))
        # write them out
        loss_df.to_csv(self._loss_path + "/losses.csv")

    def predict(self, train_loader):
        """
        :param IterableDataset train_loader: loader to encode.
        :return: encodings and labels
        """
        # collected encodings and labels
        h_list, y_list = [], []
        # eval mode
        self.set_mode(mode="evaluation")
        # batches
        self.total_batches = len(train_loader)
        print(f"Total number of samples / batches in data set: {len(train_loader.dataset)} / {len(train_loader)}")
        # progress bar
        self.tqdm = tqdm(enumerate(train_loader), total=self.total_batches, leave=True)
        # batches
        for i, ((Xbatch, _), Ybatch) in self.tqdm:
            # to device
            Xbatch = Xbatch.to(self.device).float()
            # forward
            _, h = self.contrastive_encoder(Xbatch)
            # keep encodings on the host
            h_list.append(h.cpu().detach().numpy())
            # keep labels
            y_list.append(Ybatch.cpu().detach().numpy().reshape(-1,1))
        # stacked encodings and flat labels
        return np.concatenate(h_list), np.ravel(np.concatenate(y_list))
                     
    def update_log(self, epoch, batch):
        """Progress bar text."""
        # first epoch: batch losses only
        if epoch < 1:
            description = f"Epoch:[{epoch-1}], Batch:[{batch}] loss:{self.loss['ntx_loss_b'][-1]:.4f}"
        # later: epoch losses
        else:
            description = f"Epoch:[{epoch-1}] loss:{self.loss['ntx_loss_e'][-1]:.4f}, val loss:{self.loss['vloss_e'][-1]:.4f}"
        # show it
        self.train_tqdm.set_description(description)

    def set_mode(self, mode="training"):
        """train() or eval() on the encoder."""
        # switch mode
        if mode == "training":
            self.contrastive_encoder.train()
        else:
            self.contrastive_encoder.eval()

    def process_batch(self, xi, xj):
        """Join the two views and move them to the device."""
        # both views in one batch
        Xbatch = np.concatenate((xi, xj), axis=0)
        # tensor on the device
        Xbatch = self._tensor(Xbatch)
        # done
        return Xbatch
    
    def validate(self, validation_loader):
        """Validation loss."""
        # eval mode
        self.set_mode(mode="evaluation")
        # loss
        loss = NTXentLoss(self.options)
        # batches
        total_batches = len(validation_loader)
        # no gradients during validation
        with th.no_grad():
            # progress bar
            tqdm_val = tqdm(enumerate(validation_loader), total=total_batches, leave=True)
            # batches
            for i, ((xi, xj), _) in tqdm_val:
                # both views on the device
                Xval = self.process_batch(xi, xj)
                # forward
                z, _ = self.contrastive_encoder(Xval)
                # loss
                contrastive_loss = loss(z)
                # log as float
                self.loss["vloss_b"].append(contrastive_loss.item())
                # release
                del contrastive_loss, z, Xval
                gc.collect()
        # epoch mean
        self.loss["vloss_e"].append(sum(self.loss["vloss_b"][-total_batches:-1]) / total_batches)
        # back to training mode
        self.set_mode(mode="training")

    def save_weights(self):
        """
        :return: None
        Saves the encoder.
        """
        for model_name in self.model_dict:
            th.save(self.model_dict[model_name], self._model_path + "/" + model_name + ".pt")
        print("Done with saving models.")

    def load_models(self):
        """
        :return: None
        Restores the saved encoder.
        """
        for model_name in self.model_dict:
            model = th.load(self._model_path + "/" + model_name + ".pt", map_location=self.device)
            setattr(self, model_name, model.eval())
            print(f"--{model_name} is loaded")
        print("Done with loading models.")

    def tune(self, data_loader):
        """
        :return: None
        Continues training from a saved encoder.
        """
        self.load_models()
        self.fit(data_loader)
        self.save_weights()
        print("Done with tuning the model.")

    def get_model_summary(self):
        """
        :return: None
        Prints the architecture.
        """
        # header and model
        description  = f"{40*'-'}Summarize models:{40*'-'}\n"
        description += f"{34*'='}{self.options['model_mode'].upper().replace('_', ' ')} Model{34*'='}\n"
        description += f"{self.contrastive_encoder}\n"
        # print
        print(description)

    def update_model(self, loss, optimizer, retain_graph=True):
        """
        :param loss: loss to back-propagate
        :param optimizer: optimizer to step
        :param retain_graph: keep the graph after backward
        :return:
        """
        # clear gradients
        optimizer.zero_grad()
        # backward
        loss.backward(retain_graph=retain_graph)
        # step
        optimizer.step()

    def set_scheduler(self):
        # step decay scheduler (optional)
        self.scheduler = th.optim.lr_scheduler.StepLR(self.optimizer_ce, step_size=1, gamma=0.96)

    def set_paths(self):
        """ Output folders."""
        # results root
        self._results_path = self.options["paths"]["results"]
        # model folder
        self._model_path = os.path.join(self._results_path, "training", self.options["model_mode"], "model")
        # plot folder
        self._plots_path = os.path.join(self._results_path, "training", self.options["model_mode"], "plots")
        # loss folder
        self._loss_path = os.path.join(self._results_path, "training", self.options["model_mode"], "loss")

    def _adam(self, params, lr=1e-4):
        """Adam over the chained parameter groups."""
        return th.optim.Adam(itertools.chain(*params), lr=lr, betas=(0.9, 0.999))

    def _tensor(self, data):
        """numpy array -> float tensor on the device."""
        return th.from_numpy(data).to(self.device).float()
