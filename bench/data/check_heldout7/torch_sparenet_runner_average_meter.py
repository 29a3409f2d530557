# Copyright (c) Microsoft Corporation.
# Licensed under the MIT License.

import os
import yaml
import torch
import pprint
from time import time
from copy import deepcopy
import utils.misc as um
import cuda.emd.emd_module as emd
from cuda.chamfer_distance import ChamferDistance, ChamferDistanceMean
from datasets.data_loaders import data_init
from utils.model_init import generator_init


# ---- runners/misc.py ----
class AverageMeter(object):
    """Computes and stores the average and current value"""

    def __init__(self, items=None):
        self.items = items
        self.n_items = 1 if items is None else len(items)
        self.reset()

    def reset(self):
        self._val = [0] * self.n_items
        self._sum = [0] * self.n_items
        self._count = [0] * self.n_items

    def update(self, values):
        if type(values).__name__ == "list":
            for idx, v in enumerate(values):
                self._val[idx] = v
                self._sum[idx] += v
                self._count[idx] += 1
        else:
            self._val[0] = values
            self._sum[0] += values
            self._count[0] += 1

    def val(self, idx=None):
        if idx is None:
            return self._val[0] if self.items is None else [self._val[i] for i in range(self.n_items)]
        return self._val[idx]

    def avg(self, idx=None):
        if idx is None:
            return self._sum[0] / self._count[0] if self.items is None else [self._sum[i] / self._count[i] for i in range(self.n_items)]
        return self._sum[idx] / self._count[idx]


# ---- runners/base_runner.py (visualisation/inference helpers dropped) ----
class BaseRunner(object):
    """Defines the base runner class."""

    def __init__(self, config, logger):
        self._name = self.__class__.__name__
        self._config = deepcopy(config)
        self.logger = logger
        self.work_dir = self.config.DIR.out_path
        os.makedirs(self.work_dir, exist_ok=True)

        self.logger.info("Running Configuration:\n" + pprint.pformat(self.config))
        with open(os.path.join(self.work_dir, "config.yaml"), "w") as f:
            f.write(yaml.dump(vars(self.config)))

        self.gpu_ids = um.gpu_init(self.config)
        self.init_epoch = 0
        self.best_metrics = None
        self.loss = {}
        self.losses = None
        self.test_losses = None
        self.test_metrics = None
        self.ptcloud = None
        self.metrics = None
        self.batch_idx = 0
        self.epoch_idx = 0
        self.train_time = AverageMeter()
        self.val_time = AverageMeter()

        self.train_writer, self.val_writer = um.writer_init(self.config)
        self.train_loader, self.val_loader = data_init(self.config)
        self.build_models()
        self.models = torch.nn.DataParallel(self.models.to(self.gpu_ids[0]), device_ids=self.gpu_ids)
        self.init_epoch, self.best_metrics = um.model_load(self.config, self.models)

    @property
    def config(self):
        return self._config

    def build_models(self):
        self.models, self.optimizers, self.lr_schedulers = generator_init(self.config)

    def set_mode(self, mode):
        self.mode = mode
        if mode == "train" or mode is True:
            self.models.train()
        elif mode in ["val", "test", "eval"] or mode is False:
            self.models.eval()

    def save_item_train_info(self):
        n_itr = (self.epoch_idx - 1) * self.n_batches + self.batch_idx
        if self.batch_idx % self.config.TRAIN.log_freq == 0:
            for k, v in self.loss.items():
                self.train_writer.add_scalar("Loss/Batch/" + k, v.item(), n_itr)
            self.logger.info(
                "[Epoch %d/%d][Batch %d/%d] BatchTime = %.3f (s) Losses = %s"
                % (self.epoch_idx, self.config.TRAIN.n_epochs, self.batch_idx + 1, self.n_batches,
                   self.train_time.val(), ["%.4f" % l for l in self.losses.val()]))

    def train(self):
        """Training function."""
        self.set_mode("train")
        self.logger.info(f"Start training.")
        self.epoch_start_time = time()

        for items in enumerate(self.train_loader):
            self.batch_idx, _ = items
            self.n_batches = len(self.train_loader)
            train_start_time = time()
            # run the completion network
            self.train_step(items)
            self.train_time.update(time() - train_start_time)
            self.save_item_train_info()

        self.train_finish()

    def val(self):
        """Validation function."""
        self.set_mode("val")
        self.logger.info(f"Start validating.")

        for items in enumerate(self.val_loader):
            self.model_idx, (taxonomy_id, _, model_id, data) = items
            self.n_batches = len(self.val_loader)
            val_start_time = time()
            # run the completion network
            self.val_step(items)
            self.val_time.update(time() - val_start_time)
            self.test_metrics.update(self.metrics)

        self.metrics = um.Metrics(self.config.TEST.metric_name, self.test_metrics.avg())
        self.best_metrics = um.checkpoint_save(
            self.config, self.epoch_idx, self.metrics, self.best_metrics, self.models)

    def train_finish(self):
        """Finishes runner."""
        self.lr_schedulers.step()
        self.epoch_end_time = time()

        for i in range(len(self.losses.items)):
            self.train_writer.add_scalar(
                "Loss/Epoch/" + self.losses.items[i], self.losses.avg(i), self.epoch_idx)

        self.logger.info(
            "[Epoch %d/%d] EpochTime = %.3f (s) Losses = %s"
            % (self.epoch_idx, self.config.TRAIN.n_epochs, self.epoch_end_time - self.epoch_start_time,
               ["%.4f" % l for l in self.losses.avg()]))

    def runner(self):
        """Runner"""
        self.start_time = time()
        for epoch_idx in range(self.init_epoch + 1, self.config.TRAIN.n_epochs + 1):
            self.epoch_idx = epoch_idx
            self.build_train_loss()
            self.train()
            self.build_val_loss()
            with torch.no_grad():
                self.val()
        self.end_time = time()
        self.logger.info("runner time: %3f" % (self.end_time - self.start_time))
        self.train_writer.close()
        self.val_writer.close()


# ---- runners/sparenet_runner.py ----
class sparenetRunner(BaseRunner):
    """Define the SpareNet runner class"""

    def __init__(self, config, logger):
        super().__init__(config, logger)
        self.losses = AverageMeter(["CoarseLoss", "RefineLoss"])
        self.test_losses = AverageMeter(["CoarseLoss", "RefineLoss"])
        self.test_metrics = AverageMeter(um.Metrics.names())
        self.chamfer_dist = self.chamfer_dist_mean = self.emd_dist = None

    def build_train_loss(self):
        self.chamfer_dist = torch.nn.DataParallel(ChamferDistance().to(self.gpu_ids[0]), device_ids=self.gpu_ids)
        self.chamfer_dist_mean = torch.nn.DataParallel(ChamferDistanceMean().to(self.gpu_ids[0]), device_ids=self.gpu_ids)
        self.emd_dist = torch.nn.DataParallel(emd.emdModule().to(self.gpu_ids[0]), device_ids=self.gpu_ids)

    def build_val_loss(self):
        self.chamfer_dist = ChamferDistance().cuda()
        self.chamfer_dist_mean = ChamferDistanceMean().cuda()
        self.emd_dist = emd.emdModule().cuda()

    def train_step(self, items):
        _, (_, _, _, data) = items
        for k, v in data.items():
            data[k] = v.float().to(self.gpu_ids[0])

        _loss, _, _, _, refine_loss, coarse_loss = self.completion(data)
        self.models.zero_grad()
        _loss.backward()
        self.optimizers.step()

        self.loss["coarse_loss"] = coarse_loss * 1000
        self.loss["refine_loss"] = refine_loss * 1000
        self.loss["rec_loss"] = _loss
        self.losses.update([coarse_loss * 1000, refine_loss * 1000])

    def val_step(self, items):
        _, (_, _, _, data) = items
        for k, v in data.items():
            data[k] = um.var_or_cuda(v)

        _, refine_ptcloud, _, _, refine_loss, coarse_loss = self.completion(data)
        self.test_losses.update([coarse_loss.item() * 1000, refine_loss.item() * 1000])
        self.metrics = um.Metrics.get(refine_ptcloud, data["gtcloud"])
        self.ptcloud = refine_ptcloud

    def completion(self, data):
        (coarse_ptcloud, middle_ptcloud, refine_ptcloud, expansion_penalty) = self.models(data)

        if self.config.NETWORK.metric == "chamfer":
            coarse_loss = self.chamfer_dist_mean(coarse_ptcloud, data["gtcloud"]).mean()
            middle_loss = self.chamfer_dist_mean(middle_ptcloud, data["gtcloud"]).mean()
            refine_loss = self.chamfer_dist_mean(refine_ptcloud, data["gtcloud"]).mean()

        elif self.config.NETWORK.metric == "emd":
            emd_coarse, _ = self.emd_dist(coarse_ptcloud, data["gtcloud"], eps=0.005, iters=50)
            emd_middle, _ = self.emd_dist(middle_ptcloud, data["gtcloud"], eps=0.005, iters=50)
            emd_refine, _ = self.emd_dist(refine_ptcloud, data["gtcloud"], eps=0.005, iters=50)
            coarse_loss = torch.sqrt(emd_coarse).mean(1).mean()
            refine_loss = torch.sqrt(emd_refine).mean(1).mean()
            middle_loss = torch.sqrt(emd_middle).mean(1).mean()

        else:
            raise Exception("unknown training metric")
        _loss = coarse_loss + middle_loss + refine_loss + expansion_penalty.mean() * 0.1

        if self.config.NETWORK.use_consist_loss:
            dist1, _ = self.chamfer_dist(refine_ptcloud, data["gtcloud"])
            cd_input2fine = torch.mean(dist1).mean()
            _loss += cd_input2fine * 0.5

        return _loss, refine_ptcloud, middle_ptcloud, coarse_ptcloud, refine_loss, coarse_loss
