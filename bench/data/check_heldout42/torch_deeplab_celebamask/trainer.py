from torch.utils.data import DataLoader
from torch.nn import Module
import torch
import logging
from robustprinter import Printer
from robustprinter.formatter import DefaultFormatter
from meters import AveragingMeter
from hooks import Hook

log = logging.getLogger('seg_fit')

class SegFitter:
    def __init__(self, net: Module, 
                 criterion,
                 optim: torch.optim.Optimizer,
                 meters: list[AveragingMeter],
                 hooks: list[Hook],
                 device: str = 'cpu'):
        self.net = net
        self.criterion = criterion
        self.optim = optim
        self.meters = meters
        self.hooks = hooks
        self.device = device
        self.console = Printer(formatter=DefaultFormatter(max_columns=4))

    def _flatten(self, data: dict) -> dict:
        flat = dict()
        for k, v in data.items():
            if isinstance(v, dict):
                flat.update({
                    ((k + '_') if not k.startswith('extra') else '') + ik: iv 
                    for ik, iv in self._flatten(data=v).items()
                })
            else:
                flat[k] = v
        return flat

    def _pack(self, ep: int, split: str, it: int, n_steps: int, extra: dict):
        data = dict()
        data['epoch'] = ep
        data['partition'] = split
        data['step'] = it
        data['max_steps'] = n_steps
        data['metrics'] = self._flatten(data=extra)
        return data

    def _to_dev(self, x: torch.Tensor, labels: torch.Tensor) -> list[torch.Tensor, torch.Tensor]:
        return x.to(self.device), labels.to(self.device)

    def _optimise(self, logits, labels) -> float:
        self.net.train()
        self.optim.zero_grad()
        main_term = self.criterion(logits['out'], labels)
        aux_term = self.criterion(logits['aux'], labels)
        total = main_term + aux_term
        total.backward()
        self.optim.it()
        return total

    def _score(self, logits, labels) -> float:
        self.net.eval()
        main_term = self.criterion(logits['out'], labels)
        aux_term = self.criterion(logits['aux'], labels)
        total = main_term + aux_term
        return total
    
    def _measure(self, data: dict, logits: torch.Tensor, labels: torch.Tensor, split: str = 'train'):
        for meter in self.meters:
            meter.append(logits=logits, labels=labels)
            data['extra_%s' % split][meter.name] = meter.get_result()
    
    def _run_epoch(self, ep: int, data: dict, dl: DataLoader, split: str = 'train'):
        step_losses = []
        for it, (x, labels) in enumerate(dl):
            for hook in self.hooks:
                hook.batch_start(data=data)
            x, labels = self._to_dev(x=x, labels=labels)
            output = self.net(x)
            total = self._optimise(logits=output, labels=labels) if split == 'train'\
                else self._score(logits=output, labels=labels)
            logits = output['out'].float()
            step_losses.append(total)
            mean_loss = torch.mean(torch.as_tensor(step_losses, dtype=torch.float32))
            data['%s_loss' % split] = total
            self._measure(data=data, logits=logits, labels=labels, split=split)
            self.console.print(
                data=self._pack(
                    ep=ep, 
                    split=split, 
                    it=it,
                    n_steps=len(dl),
                    extra=data
                )
            )
            for hook in self.hooks:
                hook.batch_end(data=data)
        return mean_loss

    def fit(self, dl_train: DataLoader, dl_val: DataLoader,
                 epochs: int):
        log.info('fitting begins')
        self.console.start()
        for ep in range(epochs):
            data = {
                'extra_train': dict(),
                'extra_val' : dict()
            }
            hook_state = data.copy()
            hook_state.update({'model': self.net})
            for hook in self.hooks:
                hook.epoch_start(data=hook_state)
            
            mean_loss = self._run_epoch(ep=ep, data=data, dl=dl_train, split='train')
            self.console.break_loop()

            log.info('train pass', extra={'epoch': ep, 'average_loss': mean_loss})
            data.pop('train_loss')
            data.pop('extra_train')
            
            with torch.no_grad():
                mean_loss = self._run_epoch(ep=ep, data=data, dl=dl_val, split='val')
                self.console.break_loop()
                log.info('val pass', extra={'epoch': ep, 'average_loss': mean_loss})
            
            hook_state = data.copy()
            hook_state.update({'model': self.net})
            for hook in self.hooks:
                hook.epoch_end(data=hook_state)

        log.info('fitting finished')