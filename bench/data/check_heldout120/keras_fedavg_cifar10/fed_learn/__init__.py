from .args_helper import get_args, save_args_as_json, args_as_json
from .data_utils import iid_data_indices, non_iid_data_indices, DataHandler, CifarProcessor, BaseDataProcessor
from .fed_client import Client
from .fed_server import Server
from .models import create_model, set_model_weights
from .utils import get_rid_of_the_models, print_selected_clients, set_working_GPU
from .weight_summarizer import FedAvg, WeightSummarizer
from .experiment_utils import Experiment
