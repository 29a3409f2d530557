# classification targets: HGG vs LGG
# segmentation targets: 0 background, 1 necrotic core, 2 oedema, 3 enhancing tumour
N_CLASSES = 2
BATCH = 8
N_EPOCHS = 15
LR = 1e-3
#momentum = 0
wd = 1e-5
lr_every = 10
lr_factor = 1.
run_name = "UNet-BRATS2018_batch{}_training_epochs{}_Adam_scheduler-step{}-gamma{}_lr{}_w_decay{}".format(BATCH, N_EPOCHS, lr_every, lr_factor, LR, wd)
ckpt_path = '/home/user/brats_runs/scores/UNet-BRATS2018_batch3_training_epochs10_Adam_scheduler-step10-gamma1.0_lr0.001_w_decay1e-05/stopped_net.tar'