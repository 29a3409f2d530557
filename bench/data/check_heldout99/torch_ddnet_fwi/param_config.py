# -*- coding: utf-8 -*-
"""
Run settings for the seismic full-waveform inversion nets
"""


dataset_name  = 'SEGSimulation'
learning_rate = 0.001                               # step size of Adam
classes = 1                                         # channels of the predicted velocity map
display_step = 2                                    # print the loss every this many iterations


if dataset_name  == 'SEGSimulation':
    data_dim = [400, 301]                           # one shot gather: time samples x receivers
    model_dim = [201, 301]                          # one velocity map
    inchannels = 29                                 # shots per sample
    train_size = 1600                               # samples used for training
    test_size = 100                                 # samples used for testing

    firststage_epochs = 40
    secondstage_epochs = 30
    thirdstage_epochs = 30
    loss_weight = [1, 1e6]
    epochs = firststage_epochs + secondstage_epochs + thirdstage_epochs

    train_batch_size = 10                           # samples per optimiser step
    test_batch_size = 2

elif dataset_name  == 'SEGSalt':
    data_dim = [400, 301]
    model_dim = [201, 301]
    inchannels = 29
    train_size = 30
    test_size = 10

    firststage_epochs = 0
    secondstage_epochs = 0
    thirdstage_epochs = 50                          # fine-tuning only, no curriculum here
    loss_weight = [1, 1e6]
    epochs = firststage_epochs + secondstage_epochs + thirdstage_epochs

    train_batch_size = 5
    test_batch_size = 2

elif dataset_name == 'FlatVelA':
    data_dim = [1000, 70]
    model_dim = [70, 70]
    inchannels = 5
    train_size = 24000
    test_size = 6000

    firststage_epochs = 10
    secondstage_epochs = 10
    thirdstage_epochs = 120
    loss_weight = [1, 0.01]
    epochs = firststage_epochs + secondstage_epochs + thirdstage_epochs

    train_batch_size = 64
    test_batch_size = 5

elif dataset_name == 'CurveVelA':
    data_dim = [1000, 70]
    model_dim = [70, 70]
    inchannels = 5
    train_size = 24000
    test_size = 6000

    firststage_epochs = 10
    secondstage_epochs = 10
    thirdstage_epochs = 100
    loss_weight = [1, 0.1]
    epochs = firststage_epochs + secondstage_epochs + thirdstage_epochs

    train_batch_size = 64
    test_batch_size = 5
