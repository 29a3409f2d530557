import torch
import time
from jlib.swin import FrozenSwin
from jlib.vision_transformer import History
from jlib.data_utils import make_fetcher_pair, load_c100
from torch.utils.data import DataLoader
from matplotlib.figure import Figure

# lets a Ctrl+Z stop the run cleanly
import signal
import sys


def on_suspend(sig, frm):
    print("\nsuspend signal: releasing cached GPU blocks and quitting")
    # drop the allocator cache first
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    sys.exit(0)  # leave for good
    
#print(f"params {vit.n_params:4e}")

def fit(net: FrozenSwin, hf_id, title, n_epochs, device='cuda', lr=1e-3, hf_proc_id=None):
        
    signal.signal(signal.SIGTSTP, on_suspend)
        
    # SIGTSTP now routes to on_suspend


    # an older variant built both fetchers
    # with a 512 train batch,
    # the whole val split as one batch,
    # 16 batches ahead on the host
    # and 16 ahead on the device,
    # without re-downloading
    # (kept for reference)
    # then dropped va_data

    tr_data, va_data = load_c100(hf_proc_id=hf_proc_id)
    tr_pref, va_pref = make_fetcher_pair(
        tr_data,
        va_data,
        tr_bsz=32,
        va_bsz = 1024,
        n_workers=35,
        host_ahead=30,
        dev_ahead=30,
        device=device,
    )

    record: History = net.fit(
        n_epochs=n_epochs,
        tr_pref=tr_pref,
        n_tr=len(tr_pref.data_iterable),
        va_pref=va_pref,
        n_va=len(va_pref.data_iterable),
        crit=torch.nn.CrossEntropyLoss(label_smoothing=0.1),
        optimizer=torch.optim.Adam,
        opt_kwargs={
            'lr': lr,
            # (no decay)
            # (default betas)
            # (default eps)
        },
        early_stop=True,
        target_acc=1,
        patience=10
    )

    record.save(f'models/{hf_id}.json')
    figure: Figure = record.plot_training(title)
    figure.savefig(f'latex/images/{hf_id}.png')


