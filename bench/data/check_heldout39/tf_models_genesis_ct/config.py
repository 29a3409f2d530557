import os
import shutil

class GenesisConfig:
    arch = "Vnet"
    run_suffix = "genesis_chest_ct"
    exp_name = arch + "-" + run_suffix
    
    # cube folder and folds
    cube_dir = "/mnt/dataset/shared/zongwei/LUNA16/Self_Learning_Cubes"
    train_folds=[0,1,2,3,4]
    valid_folds=[5,6]
    test_folds=[7,8,9]
    hu_lo = -1000.0
    hu_hi = 1000.0
    cubes_per_scan = 32
    input_rows = 64
    input_cols = 64 
    input_deps = 32
    n_out = 1
    
    # pre-training
    verbosity = 1
    init_weights = None
    gen_batch_size = 6
    opt_name = "sgd"
    n_workers = 10
    queue_len = n_workers * 4
    save_samples = "png"
    max_epochs = 10000
    es_patience = 50
    base_lr = 1e0

    # probabilities of each transformation
    nonlinear_rate = 0.9
    paint_rate = 0.9
    outpaint_rate = 0.8
    inpaint_rate = 1.0 - outpaint_rate
    local_rate = 0.5
    flip_rate = 0.4
    
    # output folders
    weights_dir = "pretrained_weights"
    if not os.path.exists(weights_dir):
        os.makedirs(weights_dir)
    logs_dir = os.path.join(weights_dir, "Logs")
    if not os.path.exists(logs_dir):
        os.makedirs(logs_dir)
    sample_path = "pair_samples"
    if not os.path.exists(sample_path):
        os.makedirs(sample_path)
    shutil.rmtree(os.path.join(sample_path, exp_name), ignore_errors=True)
    if not os.path.exists(os.path.join(sample_path, exp_name)):
        os.makedirs(os.path.join(sample_path, exp_name))
    
    def show(self):
        """Print every setting."""
        print("\nsettings:")
        for attr_name in dir(self):
            if not attr_name.startswith("__") and not callable(getattr(self, attr_name)):
                print("{:30} {}".format(attr_name, getattr(self, attr_name)))
        print("\n")
