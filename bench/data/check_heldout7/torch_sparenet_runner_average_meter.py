# Adapted from SpareNet (Microsoft, MIT License):
# the runner classes, cut down to training and validation.

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


# == running-mean helper (misc.py) ==
class MeanTracker(object):
    """Keeps the last value and the running mean of one or more quantities."""

    def __init__(self, item_names=None):
        self.item_names = item_names
        self.n_slots = 1 if item_names is None else len(item_names)
        self.clear()

    def clear(self):
        self._last = [0] * self.n_slots
        self._totals = [0] * self.n_slots
        self._counts = [0] * self.n_slots

    def push(self, vals):
        if type(vals).__name__ == "list":
            for slot, value in enumerate(vals):
                self._last[slot] = value
                self._totals[slot] += value
                self._counts[slot] += 1
        else:
            self._last[0] = vals
            self._totals[0] += vals
            self._counts[0] += 1

    def latest(self, slot=None):
        if slot is None:
            return self._last[0] if self.item_names is None else [self._last[i] for i in range(self.n_slots)]
        return self._last[slot]

    def mean_of(self, slot=None):
        if slot is None:
            return self._totals[0] / self._counts[0] if self.item_names is None else [self._totals[i] / self._counts[i] for i in range(self.n_slots)]
        return self._totals[slot] / self._counts[slot]


# == generic runner (base_runner.py), plotting and inference parts left out ==
class RunnerBase(object):
    """Shared epoch loop: set-up, training, validation, logging."""

    def __init__(self, run_cfg, log_obj):
        self._cls_name = self.__class__.__name__
        self._cfg = deepcopy(run_cfg)
        self.log = log_obj
        self.out_dir = self.cfg.DIR.out_path
        os.makedirs(self.out_dir, exist_ok=True)

        self.log.info("run options:\n" + pprint.pformat(self.cfg))
        with open(os.path.join(self.out_dir, "config.yaml"), "w") as fh:
            fh.write(yaml.dump(vars(self.cfg)))

        self.devices = um.gpu_init(self.cfg)
        self.start_epoch = 0
        self.best_scores = None
        self.loss_terms = {}
        self.loss_meter = None
        self.test_loss_meter = None
        self.test_metric_meter = None
        self.last_cloud = None
        self.cur_metrics = None
        self.batch_i = 0
        self.epoch_i = 0
        self.train_timer = MeanTracker()
        self.val_timer = MeanTracker()

        self.train_tb, self.val_tb = um.writer_init(self.cfg)
        self.train_data_loader, self.val_data_loader = data_init(self.cfg)
        self.make_models()
        self.model_dp = torch.nn.DataParallel(self.model_dp.to(self.devices[0]), device_ids=self.devices)
        self.start_epoch, self.best_scores = um.model_load(self.cfg, self.model_dp)

    @property
    def cfg(self):
        return self._cfg

    def make_models(self):
        self.model_dp, self.optimizer_set, self.lr_sched = generator_init(self.cfg)

    def switch_mode(self, mode_flag):
        self.run_mode = mode_flag
        if mode_flag == "train" or mode_flag is True:
            self.model_dp.train()
        elif mode_flag in ["val", "test", "eval"] or mode_flag is False:
            self.model_dp.eval()

    def log_train_step(self):
        global_it = (self.epoch_i - 1) * self.batches_per_epoch + self.batch_i
        if self.batch_i % self.cfg.TRAIN.log_freq == 0:
            for key, value in self.loss_terms.items():
                self.train_tb.add_scalar("Loss/Batch/" + key, value.item(), global_it)
            self.log.info(
                "epoch %d of %d, batch %d of %d: %.3f s, losses %s"
                % (self.epoch_i, self.cfg.TRAIN.n_epochs, self.batch_i + 1, self.batches_per_epoch,
                   self.train_timer.latest(), ["%.4f" % lv for lv in self.loss_meter.latest()]))

    def train_epoch(self):
        """One pass over the training loader."""
        self.switch_mode("train")
        self.log.info(f"training epoch begins")
        self.epoch_t0 = time()

        for step_item in enumerate(self.train_data_loader):
            self.batch_i, _ = step_item
            self.batches_per_epoch = len(self.train_data_loader)
            t_batch = time()
            # forward, loss and update for this batch
            self.train_batch(step_item)
            self.train_timer.push(time() - t_batch)
            self.log_train_step()

        self.end_train_epoch()

    def validate(self):
        """One pass over the validation loader."""
        self.switch_mode("val")
        self.log.info(f"validation begins")

        for step_item in enumerate(self.val_data_loader):
            self.sample_i, (tax_id, _, shape_id, batch_data) = step_item
            self.batches_per_epoch = len(self.val_data_loader)
            t_val = time()
            # forward and metrics for this batch
            self.val_batch(step_item)
            self.val_timer.push(time() - t_val)
            self.test_metric_meter.push(self.cur_metrics)

        self.cur_metrics = um.Metrics(self.cfg.TEST.metric_name, self.test_metric_meter.mean_of())
        self.best_scores = um.checkpoint_save(
            self.cfg, self.epoch_i, self.cur_metrics, self.best_scores, self.model_dp)

    def end_train_epoch(self):
        """Step the schedulers and log the epoch means."""
        self.lr_sched.step()
        self.epoch_t1 = time()

        for i in range(len(self.loss_meter.item_names)):
            self.train_tb.add_scalar(
                "Loss/Epoch/" + self.loss_meter.item_names[i], self.loss_meter.mean_of(i), self.epoch_i)

        self.log.info(
            "epoch %d of %d done in %.3f s, mean losses %s"
            % (self.epoch_i, self.cfg.TRAIN.n_epochs, self.epoch_t1 - self.epoch_t0,
               ["%.4f" % lv for lv in self.loss_meter.mean_of()]))

    def run_all(self):
        """Train and validate for every remaining epoch."""
        self.run_t0 = time()
        for ep in range(self.start_epoch + 1, self.cfg.TRAIN.n_epochs + 1):
            self.epoch_i = ep
            self.make_train_losses()
            self.train_epoch()
            self.make_val_losses()
            with torch.no_grad():
                self.validate()
        self.run_t1 = time()
        self.log.info("whole run took %3f s" % (self.run_t1 - self.run_t0))
        self.train_tb.close()
        self.val_tb.close()


# == SpareNet-specific runner (sparenet_runner.py) ==
class SpareNetTrainer(RunnerBase):
    """Losses and steps specific to SpareNet point-cloud completion."""

    def __init__(self, run_cfg, log_obj):
        super().__init__(run_cfg, log_obj)
        self.loss_meter = MeanTracker(["CoarseLoss", "RefineLoss"])
        self.test_loss_meter = MeanTracker(["CoarseLoss", "RefineLoss"])
        self.test_metric_meter = MeanTracker(um.Metrics.names())
        self.cd_loss_fn = self.cd_mean_fn = self.emd_loss_fn = None

    def make_train_losses(self):
        self.cd_loss_fn = torch.nn.DataParallel(ChamferDistance().to(self.devices[0]), device_ids=self.devices)
        self.cd_mean_fn = torch.nn.DataParallel(ChamferDistanceMean().to(self.devices[0]), device_ids=self.devices)
        self.emd_loss_fn = torch.nn.DataParallel(emd.emdModule().to(self.devices[0]), device_ids=self.devices)

    def make_val_losses(self):
        self.cd_loss_fn = ChamferDistance().cuda()
        self.cd_mean_fn = ChamferDistanceMean().cuda()
        self.emd_loss_fn = emd.emdModule().cuda()

    def train_batch(self, step_item):
        _, (_, _, _, batch_data) = step_item
        for key, value in batch_data.items():
            batch_data[key] = value.float().to(self.devices[0])

        total_loss, _, _, _, loss_fine, loss_coarse = self.complete_clouds(batch_data)
        self.model_dp.zero_grad()
        total_loss.backward()
        self.optimizer_set.step()

        self.loss_terms["coarse_loss"] = loss_coarse * 1000
        self.loss_terms["refine_loss"] = loss_fine * 1000
        self.loss_terms["rec_loss"] = total_loss
        self.loss_meter.push([loss_coarse * 1000, loss_fine * 1000])

    def val_batch(self, step_item):
        _, (_, _, _, batch_data) = step_item
        for key, value in batch_data.items():
            batch_data[key] = um.var_or_cuda(value)

        _, fine_cloud, _, _, loss_fine, loss_coarse = self.complete_clouds(batch_data)
        self.test_loss_meter.push([loss_coarse.item() * 1000, loss_fine.item() * 1000])
        self.cur_metrics = um.Metrics.get(fine_cloud, batch_data["gtcloud"])
        self.last_cloud = fine_cloud

    def complete_clouds(self, batch_data):
        (coarse_cloud, mid_cloud, fine_cloud, expand_pen) = self.model_dp(batch_data)

        if self.cfg.NETWORK.metric == "chamfer":
            loss_coarse = self.cd_mean_fn(coarse_cloud, batch_data["gtcloud"]).mean()
            loss_mid = self.cd_mean_fn(mid_cloud, batch_data["gtcloud"]).mean()
            loss_fine = self.cd_mean_fn(fine_cloud, batch_data["gtcloud"]).mean()

        elif self.cfg.NETWORK.metric == "emd":
            emd_c, _ = self.emd_loss_fn(coarse_cloud, batch_data["gtcloud"], eps=0.005, iters=50)
            emd_m, _ = self.emd_loss_fn(mid_cloud, batch_data["gtcloud"], eps=0.005, iters=50)
            emd_f, _ = self.emd_loss_fn(fine_cloud, batch_data["gtcloud"], eps=0.005, iters=50)
            loss_coarse = torch.sqrt(emd_c).mean(1).mean()
            loss_fine = torch.sqrt(emd_f).mean(1).mean()
            loss_mid = torch.sqrt(emd_m).mean(1).mean()

        else:
            raise Exception("metric must be chamfer or emd")
        total_loss = loss_coarse + loss_mid + loss_fine + expand_pen.mean() * 0.1

        if self.cfg.NETWORK.use_consist_loss:
            d_fwd, _ = self.cd_loss_fn(fine_cloud, batch_data["gtcloud"])
            cd_fine = torch.mean(d_fwd).mean()
            total_loss += cd_fine * 0.5

        return total_loss, fine_cloud, mid_cloud, coarse_cloud, loss_fine, loss_coarse
