import numpy as np
import torch
from base import BaseTrainer
import math
import time


class DiffusionRNNTrainer(BaseTrainer):
    """
    epoch loop for the diffusion-convolution RNN
    """
    def __init__(self, model, loss, metrics, optimizer, config, data_loader,
                 valid_data_loader=None, lr_scheduler=None, len_epoch=None, val_len_epoch=None):
        super(DiffusionRNNTrainer, self).__init__(model, loss, metrics, optimizer, config)
        self.config = config
        self.data_loader = data_loader
        self.len_epoch = len_epoch
        self.val_len_epoch = val_len_epoch
        self.cl_decay_steps = config["trainer"]["cl_decay_steps"]

        self.max_grad_norm = config["trainer"]["max_grad_norm"]
        self.valid_data_loader = valid_data_loader
        self.do_validation = self.valid_data_loader is not None
        self.lr_scheduler = lr_scheduler
        self.log_step = int(20)
        # self.log_step = int(np.sqrt(data_loader.batch_size))

    def _metrics_of(self, pred, truth):
        vals = np.zeros(len(self.metrics))
        for k, fn in enumerate(self.metrics):
            vals[k] += fn(pred, truth)
            self.writer.add_scalar('{}'.format(fn.__name__), vals[k])
        return vals

    def _train_epoch(self, epoch):
        """
        One pass over the training iterator.

        :param epoch: epoch number (1-based).
        :return: dict of logged values.

        Note:
            extra values can be merged into the returned dict;
            the metrics go under the key 'metrics'.
            (kept from the template)
            (kept from the template)
            (kept from the template)
            (kept from the template)

            (kept from the template)
        """
        self.model.train()
        t_start = time.time()
        loss_sum = 0
        metric_sum = np.zeros(len(self.metrics))
        for b, (xb, yb) in enumerate(self.data_loader.get_iterator()):
            xb = torch.FloatTensor(xb)
            yb = torch.FloatTensor(yb)
            truth = yb[..., :self.model.output_dim]  # (..., 1) kept on the CPU
            xb, yb = xb.to(self.device), yb.to(self.device)

            self.optimizer.zero_grad()

            # scheduled-sampling ratio decays towards 0
            step = (epoch - 1) * self.len_epoch + b
            tf_ratio = self._sampling_threshold(step, self.cl_decay_steps)

            pred = self.model(xb, yb, tf_ratio)
            pred = torch.transpose(pred.view(12, self.model.batch_size, self.model.num_nodes,
                                             self.model.output_dim), 0, 1)  # (batch, 12, 207, 1)

            loss = self.loss(pred.cpu(), truth)  # the loss wants CPU tensors
            loss.backward()
            # clip gradients
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_grad_norm)
            self.optimizer.step()
            elapsed = time.time() - t_start

            self.writer.set_step((epoch - 1) * self.len_epoch + b)
            self.writer.add_scalar('loss', loss.item())
            loss_sum += loss.item()
            metric_sum += self._metrics_of(pred.detach().numpy(), truth.numpy())

            if b % self.log_step == 0:
                self.logger.debug('epoch {} {} loss {:.6f}'.format(
                    epoch,
                    self._progress(b),
                    loss.item()))

            if b == self.len_epoch:
                break

        out = {
            'loss': loss_sum / self.len_epoch,
            'metrics': (metric_sum / self.len_epoch).tolist(),
        }

        if self.do_validation:
            val_out = self._valid_epoch(epoch)
            out.update(val_out)

        if self.lr_scheduler is not None:
            self.lr_scheduler.step()
        out.update({'Time': "{:.4f}s".format(elapsed)})
        return out, elapsed

    def _valid_epoch(self, epoch):
        """
        Validation after each epoch.

        :return: dict with the validation values

        Note:
            the metrics go under the key 'val_metrics'.
        """
        self.model.eval()
        val_loss_sum = 0
        val_metric_sum = np.zeros(len(self.metrics))
        with torch.no_grad():
            for b, (xb, yb) in enumerate(self.valid_data_loader.get_iterator()):
                xb = torch.FloatTensor(xb)
                yb = torch.FloatTensor(yb)
                truth = yb[..., :self.model.output_dim]  # (..., 1) kept on the CPU
                xb, yb = xb.to(self.device), yb.to(self.device)

                pred = self.model(xb, yb, 0)
                pred = torch.transpose(pred.view(12, self.model.batch_size, self.model.num_nodes,
                                                 self.model.output_dim), 0, 1)  # (batch, 12, 207, 1)

                loss = self.loss(pred.cpu(), truth)

                self.writer.set_step((epoch - 1) * self.val_len_epoch + b, 'valid')
                self.writer.add_scalar('loss', loss.item())
                val_loss_sum += loss.item()
                val_metric_sum += self._metrics_of(pred.detach().numpy(), truth.numpy())
                # self.writer.add_image('input', make_grid(xb.cpu(), nrow=8, normalize=True))

        # weight histograms for tensorboard
        for pname, p in self.model.named_parameters():
            self.writer.add_histogram(pname, p, bins='auto')

        return {
            'val_loss': val_loss_sum / self.val_len_epoch,
            'val_metrics': (val_metric_sum / self.val_len_epoch).tolist()
        }

    def _progress(self, b):
        tmpl = '[{}/{} ({:.0f}%)]'
        if hasattr(self.data_loader, 'n_samples'):
            done = b * self.data_loader.batch_size
            total = self.data_loader.n_samples
        else:
            done = b
            total = self.len_epoch
        return tmpl.format(done, total, 100.0 * done / total)

    @staticmethod
    def _sampling_threshold(step, k):
        """
        inverse-sigmoid decay for scheduled sampling.
        :param step:
        :param k:
        :return:
        """
        return k / (k + math.exp(step / k))
