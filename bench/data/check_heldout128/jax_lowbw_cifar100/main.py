import train
import train_model
import data_set
import optax
import argparse
import eval
from mpi4py import MPI




def run_all():
    """Runs of the study:

        Networks: VGG16, ResNet50, InceptionV4

        H - one node only (baseline for the ideal speed-up)
    
        C - plain all-reduce, no accumulation of small gradients

        E1 - sparse gradients, full precision
        
        E2 - dense gradients, half-precision transfer

        E3 - sparse gradients and half-precision transfer
        
    """
    networks = [("VGG16", train_model.VGG16, "244"), ("ResNet50", train_model.ResNet50, "244"), ("InceptionV4", train_model.InceptionV4, "299")]
    opt = optax.adam(learning_rate=0.001)
    n_classes = 100
    world_comm = MPI.COMM_WORLD
    train_split, test_split = data_set.load_cifar_arrays(n_classes, world_comm)
    shared = {"optimizer": opt, "num_classes": n_classes, "train_ds": train_split, "test_ds": test_split, "comm": world_comm}

    # which run to do comes from the command line
    cli = argparse.ArgumentParser()
    cli.add_argument("--experiment_type", type=str, default="C", help="which run of the study")

    # H
    if cli.parse_args().experiment_type == "H":
        for net_name, net_builder, side in networks:
            run_tag = ("hypothetical", net_name)
            weights = train.train(model_func=net_builder, experiment_type=run_tag, 
                        input_shape=side,hypothesis=True, **shared)
            eval.evaluate_net(test_ds=test_split, params=weights,experiment_type=run_tag)
            
    # C
    elif cli.parse_args().experiment_type == "C":
        for net_name, net_builder, side in networks:
            run_tag = ("control", net_name)
            weights = train.train(model_func=net_builder, experiment_type=run_tag, 
                        input_shape=side, hypothesis=False, **shared)
            eval.evaluate_net(test_ds=test_split, params=weights,experiment_type=run_tag)
    # E1
    elif cli.parse_args().experiment_type == "E1":
        for net_name, net_builder, side in networks:
            run_tag = ("experiment_1", net_name)
            weights = train.train(model_func=net_builder, experiment_type=run_tag, 
                        input_shape=side, hypothesis=False, gradient_spar=True, **shared)
            eval.evaluate_net(test_ds=test_split, params=weights,experiment_type=run_tag)
    # E2
    elif cli.parse_args().experiment_type == "E2":
        for net_name, net_builder, side in networks:
            run_tag = ("experiment_2", net_name)
            weights = train.train(model_func=net_builder, experiment_type=run_tag, 
                        input_shape=side, hypothesis=False, compression=True, **shared)
            eval.evaluate_net(test_ds=test_split, params=weights,experiment_type=run_tag)
    # E3
    elif cli.parse_args().experiment_type == "E3":
        for net_name, net_builder, side in networks:
            run_tag = ("experiment_3", net_name)
            weights = train.train(model_func=net_builder, experiment_type=run_tag, 
                        input_shape=side, hypothesis=False, gradient_spar=True, compression=True, **shared)
            eval.evaluate_net(test_ds=test_split, params=weights,experiment_type=run_tag)

    # launch e.g. as: python main.py --experiment_type=H
if __name__ == "__main__":
    run_all()
