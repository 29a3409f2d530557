from tqdm import tqdm
import torch
from util import RunningMean


class ModelTrainer:
    def __init__(self, net_model, step_optimizer):
        self.net_model = net_model
        self.step_optimizer = step_optimizer

    def compute_metrics(self, outputs, batch_labels, batch_loss, n_in_batch):
        pred_ids = torch.argmax(outputs, dim=-1)
        accuracy = (pred_ids == batch_labels).sum() / n_in_batch

        summary = {
            'acc': accuracy,
            'loss': batch_loss,
        }
        for key in summary.keys():
            summary[key] = summary[key].item()
        return summary

    def fit_with_val(self,
                       loss_func,
                       train_loader,
                       val_loader,
                       num_epochs,
                       ckpt_path=None,
                       keep_best_only=False,
                       watch_metric=None):
        best_score = 0
        for epoch_idx in range(num_epochs):
            self.train(train_loader, loss_func, epoch_idx, 'Train: ', ckpt_path)
            summary = self.test(val_loader, loss_func, epoch_idx, 'Val: ')
            if ckpt_path is not None:
                if not keep_best_only:
                    torch.save(self.net_model.state_dict(), ckpt_path)
                elif float(summary[watch_metric]) > best_score:
                    print(f'Best so far, saving weights ({watch_metric}={summary[watch_metric]})')
                    best_score = float(summary[watch_metric])
                    torch.save(self.net_model.state_dict(), ckpt_path)

    def _refresh_summary(self, outputs, batch_labels, batch_loss, running_avg):
        with torch.no_grad():
            summary = self.compute_metrics(outputs, batch_labels, batch_loss, float(batch_labels.shape[0]))
            shown = {}
            for key in summary.keys():
                if key not in running_avg.keys():
                    running_avg[key] = RunningMean()
                running_avg[key].push(summary[key])
                running_avg[key].push(summary[key])
                shown[key] = f'{running_avg[key].value():.4f}'
            return shown

    def train(self, data_loader, loss_func, epoch_idx=-1, summary='', ckpt_path=None):
        self.net_model.train()
        bar_text = f'{summary}epoch {epoch_idx + 1}'
        with tqdm(total=len(data_loader), desc=bar_text) as pbar:
            running_avg = {}
            for step_idx, (batch_data, batch_labels) in enumerate(data_loader):
                self.step_optimizer.zero_grad()
                outputs = self.net_model(batch_data)
                batch_loss = loss_func(outputs, batch_labels)
                batch_loss.backward()
                self.step_optimizer.step()
                shown = self._refresh_summary(outputs, batch_labels, batch_loss, running_avg)
                pbar.set_postfix(**shown)
                pbar.update(1)
        return shown

    def test(self, data_loader, loss_func, epoch_idx=-1, summary=''):
        self.net_model.eval()
        bar_text = f'{summary}epoch {epoch_idx + 1}'
        with torch.no_grad():
            with tqdm(total=len(data_loader), desc=bar_text) as pbar:
                running_avg = {}
                for step_idx, (batch_data, batch_labels) in enumerate(data_loader):
                    outputs = self.net_model(batch_data)
                    batch_loss = loss_func(outputs, batch_labels)
                    shown = self._refresh_summary(outputs, batch_labels, batch_loss, running_avg)
                    pbar.set_postfix(**shown)
                    pbar.update(1)
        return shown
