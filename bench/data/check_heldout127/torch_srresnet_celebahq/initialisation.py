import os
import torch

# let the CUDA allocator grow segments
os.environ['PYTORCH_CUDA_ALLOC_CONF'] = 'expandable_segments:True'

# device
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# network
model = SRResNet().to(device)

# optimizer and schedule
optimizer = torch.optim.Adam(model.parameters(), lr=0.001)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.5)

# epochs
num_epochs = 20

# per-epoch metric slots
psnr_epochwise = [0.0 for _ in range(num_epochs)]
valid_psnr_epochwise = [0.0 for _ in range(num_epochs)]
loss_epochwise = [0.0 for _ in range(num_epochs)]
valid_loss_epochwise = [0.0 for _ in range(num_epochs)]
