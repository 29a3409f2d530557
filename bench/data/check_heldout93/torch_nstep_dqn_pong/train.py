import torch
from pytorch_lightning import Trainer
from training import NStepQAgent


device = 'cuda:0' if torch.cuda.is_available() else 'cpu'
num_gpus = torch.cuda.device_count()

model = NStepQAgent(
    'PongNoFrameskip-v4',
    lr=1e-4,
    sigma=0.5,
    hidden_size=256,
    alpha_span=1_000,
    beta_span= 1_000,
    n_steps=8,
    warm_samples = 10_000
)

trainer = Trainer(
    gpus=num_gpus,
    max_epochs=1_200,
    log_every_n_steps=1
)

trainer.fit(model)