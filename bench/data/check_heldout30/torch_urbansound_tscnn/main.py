from dataset import *
from utils import *
from trainer import *
from doubleTrainer import *
from cnnNoStride import *

import sys,os
from pathlib import Path
import argparse
from multiprocessing import cpu_count

import torch
import torch.backends.cudnn
import torch.optim
from torch.utils.data import DataLoader

torch.backends.cudnn.benchmark = True

cli = argparse.ArgumentParser(
    description="Fit the single or two-stream sound CNN on UrbanSound8K segments",
    formatter_class=argparse.ArgumentDefaultsHelpFormatter,
)
cli.add_argument("--learning-rate", default=1e-3, type=float, help="Adam step size")
cli.add_argument("--mode", default="LMC", type=str, help="feature set: LMC, MC, MLMC, or TSCNN for both streams")
cli.add_argument("--L2", default=1e-3, type=float)
cli.add_argument("--log-dir", default=Path("logs"), type=Path)
cli.add_argument("--epochs", default=100, type=int)
cli.add_argument("--checkpoint-path", default=Path("saved_model.pt"), type=Path)

if torch.cuda.is_available():
    RUN_DEVICE = torch.device("cuda")
else:
    RUN_DEVICE = torch.device("cpu")

here_dir = os.path.dirname(__file__)
train_pkl = os.path.join(here_dir, 'UrbanSound8K_train.pkl')
test_pkl = os.path.join(here_dir, 'UrbanSound8K_test.pkl')

def run(opts):
    in_h = 85
    in_w = 41
    in_c = 1
    if opts.mode == "MLMC":
        in_h = 145

    loss_fn = nn.CrossEntropyLoss()

    run_dir_path = next_log_dir(opts)
    print(f"TensorBoard run folder: {run_dir_path}")
    tb_writer = SummaryWriter(
            str(run_dir_path),
            flush_secs=5
    )

    if opts.mode in ['LMC', 'MC', 'MLMC']:
        train_data = SoundSegmentDataset(train_pkl, opts.mode)
        test_data = SoundSegmentDataset(test_pkl, opts.mode)
    
        loader_train = torch.utils.data.DataLoader( 
            train_data, 
            batch_size=32, shuffle=True, 
            num_workers=cpu_count(), pin_memory=True)
 
        loader_val = torch.utils.data.DataLoader( 
            test_data, 
            batch_size=32, shuffle=False,
            num_workers=cpu_count(), pin_memory=True) 

        cnn_model = PlainStrideCNN(in_height=in_h,in_width=in_w,n_in_channels=in_c)
        adam_optimizer = torch.optim.Adam(cnn_model.parameters(), lr=opts.learning_rate, weight_decay=opts.L2)
        runner = SingleTrainer(cnn_model=cnn_model, device=RUN_DEVICE, 
                    loader_train=loader_train, loader_val=loader_val, 
                    loss_fn=loss_fn, adam_optimizer=adam_optimizer, 
                    tb_writer=tb_writer, n_epochs=opts.epochs)
        runner.train()

    else:
        loader_train = torch.utils.data.DataLoader(
             ZipDataset(
                 SoundSegmentDataset(train_pkl, "LMC"),
                 SoundSegmentDataset(train_pkl, "MC")
             ),
             batch_size=32, shuffle=True,
             num_workers=cpu_count(), pin_memory=True) 

        loader_val = torch.utils.data.DataLoader(
             ZipDataset(
                 SoundSegmentDataset(test_pkl, "LMC"),
                 SoundSegmentDataset(test_pkl, "MC")
             ),
             batch_size=32, shuffle=False,
             num_workers=cpu_count(), pin_memory=True)

        lmc_cnn = PlainStrideCNN(in_height=in_h,in_width=in_w,n_in_channels=in_c)
        mc_cnn = PlainStrideCNN(in_height=in_h,in_width=in_w,n_in_channels=in_c)

        lmc_adam = torch.optim.Adam(lmc_cnn.parameters(), lr=opts.learning_rate, weight_decay=opts.L2)
        mc_adam = torch.optim.Adam(mc_cnn.parameters(), lr=opts.learning_rate, weight_decay=opts.L2)

        two_stream_runner = TwoStreamTrainer(lmc_cnn, mc_cnn, RUN_DEVICE, loader_train, loader_val, loss_fn, lmc_adam, mc_adam, tb_writer, opts.epochs)
        two_stream_runner.train()
   
    tb_writer.close()

if __name__ == "__main__":
    run(cli.parse_args())
