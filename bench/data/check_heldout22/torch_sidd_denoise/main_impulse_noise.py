from VideoNoiseDetection.train import run_training
from VideoNoiseDetection.get_impulse_noise_dataloaders import build_loaders
from VideoNoiseDetection.models.impulse_noise import make_model
from VideoNoiseDetection.train_configs import make_train_setup

n_epochs = 1

# build the train/test loaders
train_data_loader, val_data_loader = build_loaders('./VideoNoiseDetection/datasets/SIDD_Small_sRGB_Only/Data/')

# build the network
denoise_model = make_model()

# loss, optimizer and LR schedule
loss_fn, adam_optimizer, lr_sched = make_train_setup(denoise_model.parameters())

run_training(n_epochs, train_data_loader, val_data_loader, denoise_model, loss_fn, adam_optimizer, lr_sched)
print("Finished training")