import os
import yaml
import argparse
import importlib
import torch
import numpy as np
import pandas as pd

from pathlib import Path
from tqdm.auto import tqdm
from ema_pytorch import EMA
from torch.optim import Adam
from torch.nn.utils import clip_grad_norm_
from torch.utils.data import Dataset
from sklearn.preprocessing import MinMaxScaler


def to_pm_one_range(x_in):
    return x_in * 2 - 1

def to_unit_range(x_in):
    return (x_in + 1) * 0.5

def read_yaml_cfg(cfg_path):
    with open(cfg_path) as fh:
        cfg = yaml.full_load(fh)
    return cfg

def build_from_cfg(cfg):
    mod_name, klass = cfg["target"].rsplit(".", 1)
    klass = getattr(importlib.import_module(mod_name, package=None), klass)
    return klass(**cfg.get("params", dict()))


class WindowDataset(Dataset):
    def __init__(
        self,
        name,
        data_root,
        window=64,
        proportion=0.8,
        save2npy=True,
        neg_one_to_one=True,
        seed=123,
        period='train',
        output_dir='./OUTPUT',
    ):
        super(WindowDataset, self).__init__()
        assert period in ['train', 'test'], 'split has to be train or test'
        self.data_name = name
        self.series_data, self.minmax = self.load_csv_data(data_root, self.data_name)
        self.sample_dir = os.path.join(output_dir, 'samples')
        os.makedirs(self.sample_dir, exist_ok=True)
        self.win_len, self.split = window, period
        self.n_rows, self.n_vars = self.series_data.shape[0], self.series_data.shape[-1]
        self.n_windows_total = max(self.n_rows - self.win_len + 1, 0)
        self.dump_npy = save2npy
        self.to_pm_one = neg_one_to_one
        self.scaled_data = self.__scale(self.series_data)
        train_part, infer_part = self.__make_windows(self.scaled_data, proportion, seed)
        self.windows = train_part if period == 'train' else infer_part
        self.n_windows = self.windows.shape[0]

    def __make_windows(self, norm_data, train_frac, rng_seed):
        all_x = np.zeros((self.n_windows_total, self.win_len, self.n_vars))
        for i in range(self.n_windows_total):
            lo = i
            hi = i + self.win_len
            all_x[i, :, :] = norm_data[lo:hi, :]
        train_split_data, test_split_data = self.split_windows(all_x, train_frac, rng_seed)
        if self.dump_npy:
            if 1 - train_frac > 0:
                np.save(os.path.join(self.sample_dir, f"{self.data_name}_ground_truth_{self.win_len}_test.npy"), self.to_original_scale(test_split_data))
            np.save(os.path.join(self.sample_dir, f"{self.data_name}_ground_truth_{self.win_len}_train.npy"), self.to_original_scale(train_split_data))
            if self.to_pm_one:
                if 1 - train_frac > 0:
                    np.save(os.path.join(self.sample_dir, f"{self.data_name}_norm_truth_{self.win_len}_test.npy"), to_unit_range(test_split_data))
                np.save(os.path.join(self.sample_dir, f"{self.data_name}_norm_truth_{self.win_len}_train.npy"), to_unit_range(train_split_data))
        return train_split_data, test_split_data

    def to_original_scale(self, seq_arr):
        flat = self.__unscale(seq_arr.reshape(-1, self.n_vars))
        return flat.reshape(-1, self.win_len, self.n_vars)

    def __scale(self, raw_values):
        scaled_data = self.minmax.transform(raw_values)
        if self.to_pm_one:
            scaled_data = to_pm_one_range(scaled_data)
        return scaled_data

    def __unscale(self, norm_data):
        if self.to_pm_one:
            norm_data = to_unit_range(norm_data)
        restored_x = norm_data
        return self.minmax.inverse_transform(restored_x)

    @staticmethod
    def split_windows(all_data, frac, rng_seed=2023):
        n_total = all_data.shape[0]
        rng_state = np.random.get_state()
        np.random.seed(rng_seed)
        n_train = int(np.ceil(n_total * frac))
        order_ids = np.arange(n_total)
        train_ids = order_ids[:n_train]
        rest_ids = order_ids[n_train:]
        train_rows_data = all_data[train_ids, :]
        rest_rows_data = all_data[rest_ids, :]
        np.random.set_state(rng_state)
        return train_rows_data, rest_rows_data

    @staticmethod
    def load_csv_data(csv_path, dataset_name=''):
        table = pd.read_csv(csv_path, header=0)
        if dataset_name == 'etth':
            table.drop(table.columns[0], axis=1, inplace=True)
        values_data = table.values
        mm_scaler = MinMaxScaler()
        mm_scaler = mm_scaler.fit(values_data)
        return values_data, mm_scaler

    def __getitem__(self, idx):
        window_x = self.windows[idx, :, :]  # one window, shaped (seq_len, n_features)
        return torch.from_numpy(window_x).float()

    def __len__(self):
        return self.n_windows


def make_train_loader(cfg, cli_args=None):
    batch_len = cfg['dataloader']['batch_size']
    shuffle_flag = cfg['dataloader']['shuffle']
    cfg['dataloader']['train_dataset']['params']['output_dir'] = cli_args.run_dir
    ts_dataset = WindowDataset(**cfg['dataloader']['train_dataset']['params'])

    ts_loader = torch.utils.data.DataLoader(ts_dataset,
                                             batch_size=batch_len,
                                             shuffle=shuffle_flag,
                                             num_workers=0,
                                             pin_memory=True,
                                             sampler=None,
                                             drop_last=shuffle_flag)
    return {'dataloader': ts_loader, 'dataset': ts_dataset}


def endless(loader):
    while True:
        for batch in loader:
            yield batch


class DiffusionTrainer(object):
    def __init__(self, cfg, cli_args, diffusion_model, loader_info):
        super().__init__()
        self.diff_model = diffusion_model
        self.dev = self.diff_model.betas.device
        self.n_train_steps = cfg['solver']['max_epochs']
        self.grad_accum_steps = cfg['solver']['gradient_accumulate_every']
        self.ckpt_every = cfg['solver']['save_cycle']
        self.batch_iter = endless(loader_info['dataloader'])
        self.n_steps_done = 0
        self.ckpt_idx = 0
        self.out_folder = Path(cfg['solver']['results_folder'] + f'_{diffusion_model.seq_length}')
        os.makedirs(self.out_folder, exist_ok=True)
        base_lr_value = cfg['solver'].get('base_lr', 1.0e-4)
        self.optim = Adam(filter(lambda p: p.requires_grad, self.diff_model.parameters()), lr=base_lr_value, betas=[0.9, 0.96])
        self.ema_wrap = EMA(self.diff_model, beta=cfg['solver']['ema']['decay'],
                       update_every=cfg['solver']['ema']['update_interval']).to(self.dev)
        sched_cfg = cfg['solver']['scheduler']
        sched_cfg['params']['optimizer'] = self.optim
        self.lr_sched = build_from_cfg(sched_cfg)

    def save_ckpt(self, ckpt_no):
        ckpt_data = {'step': self.n_steps_done, 'model': self.diff_model.state_dict(),
                'ema': self.ema_wrap.state_dict(), 'opt': self.optim.state_dict()}
        torch.save(ckpt_data, str(self.out_folder / f'checkpoint-{ckpt_no}.pt'))

    def load_ckpt(self, ckpt_no):
        ckpt_data = torch.load(str(self.out_folder / f'checkpoint-{ckpt_no}.pt'), map_location=self.dev)
        self.diff_model.load_state_dict(ckpt_data['model'])
        self.n_steps_done = ckpt_data['step']
        self.optim.load_state_dict(ckpt_data['opt'])
        self.ema_wrap.load_state_dict(ckpt_data['ema'])
        self.ckpt_idx = ckpt_no

    def run_train(self):
        dev = self.dev
        it = 0
        with tqdm(initial=it, total=self.n_train_steps) as bar:
            while it < self.n_train_steps:
                accum_loss = 0.
                for _ in range(self.grad_accum_steps):
                    batch_data = next(self.batch_iter).to(dev)
                    batch_loss = self.diff_model(batch_data, target=batch_data)
                    batch_loss = batch_loss / self.grad_accum_steps
                    batch_loss.backward()
                    accum_loss += batch_loss.item()
                bar.set_description(f'batch loss {accum_loss:.6f}')
                clip_grad_norm_(self.diff_model.parameters(), 1.0)
                self.optim.step()
                self.lr_sched.step(accum_loss)
                self.optim.zero_grad()
                self.n_steps_done += 1
                it += 1
                self.ema_wrap.update()
                with torch.no_grad():
                    if self.n_steps_done != 0 and self.n_steps_done % self.ckpt_every == 0:
                        self.ckpt_idx += 1
                        self.save_ckpt(self.ckpt_idx)
                bar.update(1)
        print('finished training')

    def generate(self, n_wanted, per_call, out_shape=None, extra_model_kwargs=None, guide_fn=None):
        gen_all = np.empty([0, out_shape[0], out_shape[1]])
        n_rounds = int(n_wanted // per_call) + 1
        for _ in range(n_rounds):
            gen_batch = self.ema_wrap.ema_model.generate_mts(batch_size=per_call, model_kwargs=extra_model_kwargs, cond_fn=guide_fn)
            gen_all = np.row_stack([gen_all, gen_batch.detach().cpu().numpy()])
            torch.cuda.empty_cache()
        return gen_all


def run_main():
    cli = argparse.ArgumentParser(description='train or sample the time-series diffusion model')
    cli.add_argument('--name', type=str, default=None)
    cli.add_argument('--config_file', type=str, default=None)
    cli.add_argument('--output', type=str, default='OUTPUT')
    cli.add_argument('--train', action='store_true', default=False)
    cli.add_argument('--milestone', type=int, default=10)
    cli_args = cli.parse_args()
    cli_args.run_dir = os.path.join(cli_args.output, f'{cli_args.name}')

    cfg = read_yaml_cfg(cli_args.config_file)
    diffusion_model = build_from_cfg(cfg['model']).cuda()
    loader_info = make_train_loader(cfg, cli_args)
    runner = DiffusionTrainer(cfg=cfg, cli_args=cli_args, diffusion_model=diffusion_model, loader_info=loader_info)

    if cli_args.train:
        runner.run_train()
    else:
        runner.load_ckpt(cli_args.milestone)
        ts_dataset = loader_info['dataset']
        gen_all = runner.generate(n_wanted=len(ts_dataset), per_call=2001, out_shape=[ts_dataset.win_len, ts_dataset.n_vars])
        if ts_dataset.to_pm_one:
            gen_all = to_unit_range(gen_all)
        np.save(os.path.join(cli_args.run_dir, f'ddpm_fake_{cli_args.name}.npy'), gen_all)


if __name__ == '__main__':
    run_main()
