class Settings:

	train_batch_size = 16
	val_batch_size = 16
	test_batch_size = 16

	num_train = 20000
	num_val = 4000

	num_epochs = 5
	alpha = 0.1

	img_scale_factor = 0.5
	learning_rate = 0.001
