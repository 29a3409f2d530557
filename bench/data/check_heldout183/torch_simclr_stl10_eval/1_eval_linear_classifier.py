"""
Linear-probe evaluation of a SimCLR encoder against a PCA baseline.
"""

import mlflow
from src.model import ContrastiveEncoder, Classifier
from utils.load_data import Loader
import matplotlib.pyplot as plt
from sklearn.decomposition import PCA
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from utils.arguments import print_config_summary
from utils.arguments import get_arguments, get_config
from utils.utils import set_dirs



def eval(config):
    """
    Loads the data without training augmentations, then scores the frozen
    contrastive encoder and the PCA baseline with logistic regression.
    """
    # labelled training images only
    config["unlabelled_data"] = False
    # loaders whose single batch is the whole split (train=False: test-time transforms)
    data_loader = Loader(config, download=True, get_all_train=True, get_all_test=True, train=False)
    # pull the splits out of the loaders
    Xtrain, ytrain, Xtest, ytest, Xtrain2D, Xtest2D = transform_data(data_loader, check_samples=False)
    # report the data set in use
    print(f"{config['dataset']} is being used to test performance.")
    # score of the SimCLR representation
    contrastive_encoder_performance(Xtrain, ytrain, Xtest, ytest)
    # score of the PCA baseline
    baseline_performance(Xtrain2D, ytrain, Xtest2D, ytest)

def baseline_performance(Xtrain2D, ytrain, Xtest2D, ytest):
    # PCA needs numpy arrays
    Xtrain2D, Xtest2D = Xtrain2D.cpu().detach().numpy(), Xtest2D.cpu().detach().numpy()
    # reduce to the encoder's output width for a fair comparison
    pca = PCA(n_components=config["conv_dims"][-1])
    # fit on train
    X_train_pca = pca.fit_transform(Xtrain2D)
    # project test
    X_test_pca = pca.transform(Xtest2D)
    # logistic regression on the PCA features
    linear_model_eval(X_train_pca, ytrain, X_test_pca, ytest, description="Baseline Performance")

def contrastive_encoder_performance(Xtrain, ytrain, Xtest, ytest):
    # build the model wrapper
    model = ContrastiveEncoder(config)
    # restore the trained encoder
    model.load_models()
    # eval mode
    model.set_mode("evaluation")
    # representations of both splits
    _, h_train = model.contrastive_encoder(Xtrain)
    _, h_test = model.contrastive_encoder(Xtest)
    # numpy for scikit-learn
    h_train, h_test = h_train.cpu().detach().numpy(), h_test.cpu().detach().numpy()
    # logistic regression on the learned features
    linear_model_eval(h_train, ytrain, h_test, ytest, description="SimCLR Performance")

def linear_model_eval(X_train, y_train, X_test, y_test, use_scaler=False, description="Baseline: PCA + Logistic Reg."):
    # optional standard scaling
    X_train,  X_test = scale_data(X_train, X_test) if use_scaler else X_train, X_test
    # classifier
    clf = LogisticRegression(random_state=0, max_iter=1200, solver='lbfgs', C=1.0)
    # fit
    clf.fit(X_train, y_train)
    # report
    print(50*"="+description+50*"=")
    print("Train score:", clf.score(X_train, y_train))
    print("Test score:", clf.score(X_test, y_test))

def transform_data(data_loader, check_samples=False):
    # training loader
    train_loader = data_loader.train_loader
    # test loader
    test_loader = data_loader.test_loader
    # optional visual check
    _ = show_samples(train_loader) if check_samples else None
    # one batch from each loader is the entire split; each item is ((view1, view2), label)
    ((Xtrain, _), ytrain) = next(iter(train_loader))
    ((Xtest, _), ytest)  = next(iter(test_loader))
    # sanity print
    print(f"Number of samples in training set: {Xtrain.shape}")
    # flattened views for PCA
    Xtrain2D, Xtest2D = Xtrain.view(Xtrain.shape[0], -1), Xtest.view(Xtest.shape[0], -1)
    # hand back
    return Xtrain, ytrain, Xtest, ytest,  Xtrain2D, Xtest2D

def scale_data(Xtrain, Xtest):
    # scaler
    scaler = StandardScaler()
    # fit on train
    Xtrain = scaler.fit_transform(Xtrain)
    # apply to test
    Xtest = scaler.transform(Xtest)
    return Xtrain, Xtest

def show_samples(train_loader):
    # first batch
    ((Xtrain, _), _) = next(iter(train_loader))
    # to numpy
    Xtrain = Xtrain.numpy()
    # grid of a dozen images
    fig, axs = plt.subplots(nrows=2, ncols=6, constrained_layout=False, figsize=(12, 4))
    for i, ax in enumerate(axs.flat):
        ax.imshow(Xtrain[i].transpose(1, 2, 0))
    plt.show()

def main(config):
    # make output folders
    set_dirs(config)
    # run the evaluation
    eval(config)

if __name__ == "__main__":
    # command-line arguments
    args = get_arguments()
    # merged configuration
    config = get_config(args)
    # echo the configuration
    print_config_summary(config, args)
    # optional MLflow tracking
    if config["mlflow"]:
        # experiment name
        mlflow.set_experiment(experiment_name=config["model_mode"]+"_"+str(args.experiment))
        # new run
        with mlflow.start_run():
            # run
            main(config)
    else:
        # run
        main(config)
