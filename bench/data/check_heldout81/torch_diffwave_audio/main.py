import os
import sys
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset
import wandb
from model import DiffWave
from dataset import ClipFolder
from train import fit
from config import EPOCHS, BATCH_SIZE, LEARNING_RATE, NUM_BLOCKS, RES_CHANNELS, TIME_STEPS, VARIANCE_SCHEDULE, TIMESTEP_LAYER_WIDTH, SAMPLE_RATE, SAMPLE_LENGTH_SECONDS, MAX_SAMPLES, WITH_CONDITIONING, N_MELS

#clear cached blocks first
torch.cuda.empty_cache()

#default folders
wav_dir = os.path.join('data/chunked_audio')
mel_dir = os.path.join('data/mel_spectrograms') if WITH_CONDITIONING else None

#usage: python main.py path/to/clips [path/to/mels]
if len(sys.argv) > 1:
    wav_dir = sys.argv[1]

if len(sys.argv) > 2:
    mel_dir = sys.argv[2]

#experiment tracking
wandb.init(
    project="DiffWave-runs", 
    entity="someone",
    config = {
    "learning_rate": LEARNING_RATE,
    "epochs": EPOCHS,
    "batch_size": BATCH_SIZE,
    "num_blocks": NUM_BLOCKS,
    "res_channels": RES_CHANNELS,
    "time_steps": TIME_STEPS,
    "variance_schedule": VARIANCE_SCHEDULE,
    "timestep_layer_width": TIMESTEP_LAYER_WIDTH,
    "sample_rate": SAMPLE_RATE,
    "sample_length_seconds": SAMPLE_LENGTH_SECONDS,
    "max_samples": MAX_SAMPLES,
    "with_conditional": WITH_CONDITIONING
    }
)

#clips dataset
clips = ClipFolder(wav_dir=wav_dir, mel_dir=mel_dir, max_samples=MAX_SAMPLES)

#loader
loader = torch.utils.data.DataLoader(
    clips,
    batch_size=BATCH_SIZE,
    shuffle=True,
    )

#network and optimizer
net = DiffWave(RES_CHANNELS, NUM_BLOCKS, TIME_STEPS, VARIANCE_SCHEDULE, WITH_CONDITIONING, N_MELS, layer_width=TIMESTEP_LAYER_WIDTH)
opt = torch.optim.Adam(net.parameters(), lr=LEARNING_RATE)

#train
fit(net, opt,loader, EPOCHS, TIME_STEPS, VARIANCE_SCHEDULE)

#draw a sample right after training
import sample as sample
