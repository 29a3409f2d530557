class Options(object):
    env = 'default'
    backbone = 'resnet18'
    classify = 'softmax'
    num_classes = 10572#13938
    metric = 'arc_margin'
    easy_margin = False
    use_se = False
    loss = 'focal_loss'

    display = False
    finetune = False

    train_root = '/home/user/faces/casia_faces/'
    train_list = '/home/user/faces/face-arc/data/train_data.txt'
    val_list = '/data/faces/webface/val_list.txt'

    test_root = '/data/faces/antispoof/test_256'
    test_list = 'test.txt'

    lfw_root = '/home/user/faces/lfw'
    lfw_test_list = '/home/user/faces/face-arc/data/my_test_pair.txt'

    checkpoints_path = 'checkpoints'
    load_model_path = 'models/resnet18.pth'
    test_model_path = 'checkpoints/resnet18_10.pth'#'checkpoints/resnet18_110.pth'
    save_interval = 10

    train_batch_size = 16  # faces per step
    test_batch_size = 60

    input_shape = (1, 32, 32)#(1, 128, 128)

    optimizer = 'sgd'

    use_gpu = True  # run on the GPU
    gpu_id = '0, 1'
    num_workers = 4  # loader worker processes
    print_freq = 10000#100  # log every N steps

    debug_file = '/tmp/debug'  # drop into a debugger when this file exists
    result_file = 'result.csv'

    max_epoch = 50
    lr = 1e-1  # starting step size
    lr_step = 10
    lr_decay = 0.95  # decay factor when the validation loss rises
    weight_decay = 5e-4
