batch_size = 20
num_epochs = 1000
learning_rate = 0.00001
steps_per_epoch = 8
img_size = 256

