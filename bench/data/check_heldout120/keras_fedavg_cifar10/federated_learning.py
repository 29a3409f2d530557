import json
from pathlib import Path

import numpy as np
from keras import datasets

import fed_learn

opts = fed_learn.get_args()

fed_learn.set_working_GPU(str(opts.gpu))

run_dir = Path(__file__).resolve().parent / "runs" / opts.name
run = fed_learn.Experiment(run_dir, opts.overwrite_experiment)
run.serialize_args(opts)

scalar_log = run.create_scalar_logger()

local_fit_kwargs = {"epochs": opts.client_epochs, "batch_size": opts.batch_size}


def build_net():
    return fed_learn.create_model((32, 32, 3), 10, init_with_imagenet=False, learning_rate=opts.learning_rate)


averager = fed_learn.FedAvg()
coordinator = fed_learn.Server(build_net,
                               averager,
                               opts.clients,
                               opts.fraction)

init_weights = opts.weights_file
if init_weights is not None:
    coordinator.load_model_weights(init_weights)

coordinator.update_client_train_params(local_fit_kwargs)
coordinator.create_clients()

(x_tr, y_tr), (x_te, y_te) = datasets.cifar10.load_data()
splitter = fed_learn.DataHandler(x_tr, y_tr, x_te, y_te, fed_learn.CifarProcessor(), opts.debug)
splitter.assign_data_to_clients(coordinator.clients, opts.data_sampling_technique)
x_te, y_te = splitter.preprocess(splitter.x_test, splitter.y_test)

for rnd in range(opts.global_epochs):
    print("Round {0} begins".format(rnd))
    coordinator.init_for_new_epoch()
    chosen = coordinator.select_clients()

    fed_learn.print_selected_clients(chosen)

    for worker in chosen:
        print("Worker {0} trains now".format(worker.id))

        coordinator.send_model(worker)
        fit_hist = worker.edge_train(coordinator.get_client_train_param_dict())
        coordinator.epoch_losses.append(fit_hist.history["loss"][-1])

        coordinator.receive_results(worker)

    coordinator.summarize_weights()

    round_loss = np.mean(coordinator.epoch_losses)
    coordinator.global_train_losses.append(round_loss)
    scalar_log.log_scalar("train/mean_worker_loss", coordinator.global_train_losses[-1], rnd)
    print("Mean worker loss: {0}".format(coordinator.global_train_losses[-1]))

    eval_out = coordinator.test_global_model(x_te, y_te)
    print("*** global evaluation ***")
    te_loss = eval_out["loss"]
    te_acc = eval_out["acc"]
    print("{0}: {1}".format("loss", te_loss))
    print("{0}: {1}".format("acc", te_acc))
    scalar_log.log_scalar("test/global_loss", te_loss, rnd)
    scalar_log.log_scalar("test/global_acc", te_acc, rnd)

    with open(str(run.train_hist_path), 'w') as fh:
        json.dump(coordinator.global_test_metrics_dict, fh)

    # always overwrite the checkpoint for now
    coordinator.save_model_weights(run.global_weight_path)

    print("=" * 30)
