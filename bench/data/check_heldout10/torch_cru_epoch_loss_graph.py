# Continuous Recurrent Units: a model class for time series sampled at irregular times
# (c) 2022 Robert Bosch GmbH
# adapted from an RKN implementation in PyTorch (https://github.com/ALRhub/rkn_share)

import torch
import numpy as np
from datetime import datetime
import os
from typing import Tuple
from lib.utils import TimeDistributed, make_dir
from lib.encoder import Encoder
from lib.decoder import SplitDiagGaussianDecoder, BernoulliDecoder
from lib.CRULayer import CRULayer
from lib.CRUCell import var_activation, var_activation_inverse
from lib.losses import rmse, mse, GaussianNegLogLik, bernoulli_nll

torch_optim = torch.optim
nn = torch.nn

# adapted from the RKN code base
class CruNet(nn.Module):

    # adapted from the RKN code base
    def __init__(self, target_size: int, latent_size: int, cfg, allow_gpu: bool = True, binary_out: bool = False):
        super().__init__()
        self._dev = torch.device(
            "cuda" if torch.cuda.is_available() and allow_gpu else "cpu")
        self._latent_size = latent_size
        if self._latent_size % 2 == 0:
            self._obs_size = int(self._latent_size / 2) 
        else:
            raise Exception('the latent size has to be divisible by two.')
        self.cfg = cfg
        self._enc_norm = "pre"
        self._init_var = 10.0
        self._base_lr = self.cfg.lr
        self.binary_out = binary_out
        self._cru = CRULayer(
            latent_obs_dim=self._obs_size, args=cfg).to(self._dev)
        Encoder._build_hidden_layers = self._build_enc_hidden_layers
        encoder_net = Encoder(self._obs_size, output_normalization=self._enc_norm,
                      enc_var_activation=cfg.enc_var_activation).to(dtype=torch.float64)
        if binary_out:
            BernoulliDecoder._build_hidden_layers = self._build_dec_hidden_layers
            self._decoder = TimeDistributed(BernoulliDecoder(self._obs_size, out_dim=target_size, args=cfg).to(
                self._dev, dtype=torch.float64), num_outputs=1, low_mem=True)
            self._encoder = TimeDistributed(
                encoder_net, num_outputs=2, low_mem=True).to(self._dev)
        else:
            SplitDiagGaussianDecoder._build_hidden_layers_mean = self._build_dec_hidden_layers_mean
            SplitDiagGaussianDecoder._build_hidden_layers_var = self._build_dec_hidden_layers_var
            self._decoder = TimeDistributed(SplitDiagGaussianDecoder(self._obs_size, out_dim=target_size, dec_var_activation=cfg.dec_var_activation).to(
                dtype=torch.float64), num_outputs=2).to(self._dev)
            self._encoder = TimeDistributed(encoder_net, num_outputs=2).to(self._dev)
        self._init_mean = torch.zeros(1, self._latent_size).to(
            self._dev, dtype=torch.float64)
        log_var0 = var_activation_inverse(self._init_var)
        self._log_var_upper = torch.nn.Parameter(
            log_var0 * torch.ones(1, self._obs_size).to(self._dev, dtype=torch.float64))
        self._log_var_lower = torch.nn.Parameter(
            log_var0 * torch.ones(1, self._obs_size).to(self._dev, dtype=torch.float64))
        self._init_cov_side = torch.zeros(1, self._obs_size).to(
            self._dev, dtype=torch.float64)
        self._all_params = list(self._encoder.parameters())
        self._all_params += list(self._cru.parameters())
        self._all_params += list(self._decoder.parameters())
        self._all_params += [self._log_var_upper, self._log_var_lower]
        self._adam = torch_optim.Adam(self._all_params, lr=self.cfg.lr)
        self._batch_rng = np.random.RandomState(42)  # fixed seed for batch order

    # adapted from the RKN code base
    def forward(self, batch_obs: torch.Tensor, t_points: torch.Tensor = None, seen_mask: torch.Tensor = None) -> Tuple[torch.Tensor, torch.Tensor]:
        enc_y, enc_y_var = self._encoder(batch_obs)
        post_mu, post_sigma, prior_mu, prior_sigma, gain_k = self._cru(enc_y, enc_y_var, self._init_mean,
                                                                                    [var_activation(self._log_var_upper), var_activation(
                                                                                        self._log_var_lower), self._init_cov_side],
                                                                                    obs_valid=seen_mask, time_points=t_points)
        if self.binary_out:
            dec_mean = self._decoder(post_mu)
            dec_var = None
        else:
            dec_mean, dec_var = self._decoder(
                post_mu, torch.cat(post_sigma, dim=-1))

        latents = {
            'post_mean': post_mu,
            'post_cov': post_sigma,
            'prior_mean': prior_mu,
            'prior_cov': prior_sigma,
            'kalman_gain': gain_k,
            'y': enc_y,
            'y_var': enc_y_var
        }

        return dec_mean, dec_var, latents

    def run_interp(self, batch_data, with_grad=True):
        if self.binary_out:
            obs_x, target_y, seen_mask, obs_t, target_mask = [
                t.to(self._dev) for t in batch_data]
            obs_mask = None
        else:
            obs_x, target_y, seen_mask, obs_t, target_mask, obs_mask = [
                t.to(self._dev) for t in batch_data]

        obs_t = self.cfg.ts * obs_t

        with torch.set_grad_enabled(with_grad):
            pred_mean, pred_var, latents = self.forward(
                batch_obs=obs_x, t_points=obs_t, seen_mask=seen_mask)

            if self.binary_out:
                loss = bernoulli_nll(target_y, pred_mean, uint8_targets=False)
                gap_mask = (~seen_mask[...,None, None, None]) * target_mask
                gap_loss = np.nan #TODO: a Bernoulli loss restricted to the imputed points
                gap_mse = mse(target_y.flatten(start_dim=2), pred_mean.flatten(start_dim=2), mask=gap_mask.flatten(start_dim=2))
            else:
                loss = GaussianNegLogLik(
                    pred_mean, target_y, pred_var, mask=target_mask)
                # the metric below only covers points that were hidden from the model
                gap_mask = (~seen_mask[...,None]) * target_mask
                gap_loss = GaussianNegLogLik(pred_mean, target_y, pred_var, mask=gap_mask)
                gap_mse = mse(target_y, pred_mean, mask=gap_mask)
        
        return loss, pred_mean, pred_var, obs_x, target_y, obs_mask, target_mask, latents, gap_loss, gap_mse

    def train_one_epoch(self, loader, opt):
        epoch_nll = 0
        epoch_rmse_sum = 0
        epoch_mse_sum = 0

        if self.cfg.save_intermediates is not None:
            obs_masks_epoch = []
            latents_epoch = []

        if self.cfg.task == 'extrapolation' or self.cfg.task == 'interpolation':
            epoch_gap_nll = 0
            epoch_gap_mse = 0

        for i, batch_data in enumerate(loader):
            if self.cfg.task == 'interpolation':
                loss, pred_mean, pred_var, obs_x, target_y, obs_mask, target_mask, latents, gap_loss, gap_mse = self.run_interp(
                    batch_data)
            else:
                raise Exception('task not supported')

            # gradient step
            opt.zero_grad()
            loss.backward()
            if self.cfg.grad_clip:
                nn.utils.clip_grad_norm_(self.parameters(), 1)
            opt.step()

            # running sums over the epoch
            epoch_nll += loss
            epoch_rmse_sum += rmse(target_y, pred_mean, target_mask).item()
            epoch_mse_sum += mse(target_y, pred_mean, target_mask).item()

            if self.cfg.task == 'extrapolation' or self.cfg.task == 'interpolation':
                epoch_gap_nll += gap_loss
                epoch_gap_mse += gap_mse
                gap_metrics = [epoch_gap_nll/(i+1), epoch_gap_mse/(i+1)]
            else:
                gap_metrics = None

            if self.cfg.save_intermediates is not None:
                latents_epoch.append(latents)
                obs_masks_epoch.append(obs_mask)

        # dumps for later plots
        if self.cfg.save_intermediates is not None:
            torch.save(obs_masks_epoch, os.path.join(self.cfg.save_intermediates, 'train_mask_obs.pt'))
            torch.save(latents_epoch, os.path.join(self.cfg.save_intermediates, 'train_intermediates.pt'))

        return epoch_nll/(i+1), epoch_rmse_sum/(i+1), epoch_mse_sum/(i+1), [pred_mean, pred_var], latents, [obs_x, target_y, obs_mask], gap_metrics

    def eval_one_epoch(self, loader):
        epoch_nll = 0
        epoch_rmse_sum = 0
        epoch_mse_sum = 0

        if self.cfg.task == 'extrapolation' or self.cfg.task == 'interpolation':
            epoch_gap_nll = 0
            epoch_gap_mse = 0

        if self.cfg.save_intermediates is not None:
            obs_masks_epoch = []
            latents_epoch = []

        for i, batch_data in enumerate(loader):
            if self.cfg.task == 'interpolation':
                loss, pred_mean, pred_var, obs_x, target_y, obs_mask, target_mask, latents, gap_loss, gap_mse = self.run_interp(
                    batch_data, with_grad=False)

            epoch_nll += loss
            epoch_rmse_sum += rmse(target_y, pred_mean, target_mask).item()
            epoch_mse_sum += mse(target_y, pred_mean, target_mask).item()

            if self.cfg.task == 'extrapolation' or self.cfg.task == 'interpolation':
                epoch_gap_nll += gap_loss
                epoch_gap_mse += gap_mse
                gap_metrics = [epoch_gap_nll/(i+1), epoch_gap_mse/(i+1)]
            else:
                gap_metrics = None

            if self.cfg.save_intermediates is not None:
                latents_epoch.append(latents)
                obs_masks_epoch.append(obs_mask)

        # dumps for later plots
        if self.cfg.save_intermediates is not None:
            torch.save(pred_mean, os.path.join(self.cfg.save_intermediates, 'valid_output_mean.pt'))
            torch.save(obs_x, os.path.join(self.cfg.save_intermediates, 'valid_obs.pt'))
            torch.save(pred_var, os.path.join(self.cfg.save_intermediates, 'valid_output_var.pt'))
            torch.save(target_y, os.path.join(self.cfg.save_intermediates, 'valid_truth.pt'))
            torch.save(latents_epoch, os.path.join(self.cfg.save_intermediates, 'valid_intermediates.pt'))
            torch.save(obs_masks_epoch, os.path.join(self.cfg.save_intermediates, 'valid_mask_obs.pt'))

        return epoch_nll/(i+1), epoch_rmse_sum/(i+1), epoch_mse_sum/(i+1), [pred_mean, pred_var], latents, [obs_x, target_y, obs_mask], gap_metrics

    def train(self, train_loader, valid_loader, run_name, log, first_epoch=0):
        opt = torch_optim.Adam(self.parameters(), self.cfg.lr)
        def lr_factor(epoch): return self.cfg.lr_decay ** epoch
        lr_sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lr_lambda=lr_factor)

        for epoch in range(first_epoch, self.cfg.epochs):
            t_start = datetime.now()
            log.info(f'epoch {epoch} begins at {t_start.strftime("%H:%M:%S")}')

            train_nll, train_rmse_avg, train_mse_avg, train_preds, latents, train_inputs, train_gap_metrics = self.train_one_epoch(
                train_loader, opt)
            t_train_end = datetime.now()

            valid_nll, valid_rmse_avg, valid_mse_avg, valid_preds, latents, valid_inputs, valid_gap_metrics = self.eval_one_epoch(
                valid_loader)

            t_end = datetime.now()
            log.info(f'fitting part of epoch {epoch}: {(t_train_end - t_start).total_seconds()} s')
            log.info(f'whole epoch {epoch}: {(t_end - t_start).total_seconds()} s')
            log.info(f' fit nll {train_nll:3f}, fit mse {train_mse_avg:3f}')
            log.info(f' held-out nll {valid_nll:3f}, held-out mse {valid_mse_avg:3f}')
            lr_sched.step()
        
        make_dir(f'../results/models/{self.cfg.dataset}')
        torch.save({'epoch': epoch,
                    'model_state_dict': self.state_dict(),
                    'optimizer_state_dict': opt.state_dict(),
                    'loss': train_nll,
                    }, f'../results/models/{self.cfg.dataset}/{run_name}.tar')
