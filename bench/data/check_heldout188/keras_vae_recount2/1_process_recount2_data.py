# Notebook export: build the recount2 SRA compendium, map gene ids, 0-1 scale it, then train the VAE.
# (the R download cells of the notebook are not reproduced here)
import os
from ponyo import utils, train_vae_modules
from generic_expression_patterns_modules import process

process.set_all_seeds()


base_dir = os.path.abspath(os.path.join(os.getcwd(), "../"))

config_filename = os.path.abspath(
    os.path.join(base_dir, "configs", "config_human_general.tsv")
)

params = utils.read_config(config_filename)

local_dir = params["local_dir"]
dataset_name = params["dataset_name"]

DE_prior_filename = params["reference_gene_filename"]

project_id = params["project_id"]

shared_genes_filename = params["shared_genes_filename"]

raw_template_filename = params["raw_template_filename"]
mapped_template_filename = params["mapped_template_filename"]
processed_template_filename = params["processed_template_filename"]

raw_compendium_filename = params["raw_compendium_filename"]
mapped_compendium_filename = params["mapped_compendium_filename"]
normalized_compendium_filename = params["normalized_compendium_filename"]

scaler_filename = params["scaler_filename"]


template_download_dir = os.path.join(local_dir, "template_download")

os.makedirs(template_download_dir, exist_ok=True)


compendium_download_dir = os.path.join(local_dir, "compendium_download")
os.makedirs(compendium_download_dir, exist_ok=True)

metadata_dir = local_dir


process.create_recount2_compendium(compendium_download_dir, raw_compendium_filename)


gene_id_filename = os.path.join(local_dir, "ensembl_hgnc_mapping.tsv")


manual_mapping = {
    "ENSG00000187510.7": "PLEKHG7",
    "ENSG00000230417.11": "LINC00595",
    "ENSG00000276085.1": "CCL3L1",
    "ENSG00000255374.3": "TAS2R45",
}

process.map_recount2_data(
    raw_template_filename,
    gene_id_filename,
    manual_mapping,
    DE_prior_filename,
    shared_genes_filename,
    mapped_template_filename,
)


process.process_raw_compendium_recount2(
    raw_compendium_filename,
    gene_id_filename,
    manual_mapping,
    DE_prior_filename,
    shared_genes_filename,
    mapped_compendium_filename,
    normalized_compendium_filename,
    scaler_filename,
)


output_dirs = [
    os.path.join(base_dir, dataset_name, "models"),
    os.path.join(base_dir, dataset_name, "logs"),
]

NN_architecture = params["NN_architecture"]

for each_dir in output_dirs:
    sub_dir = os.path.join(each_dir, NN_architecture)
    os.makedirs(sub_dir, exist_ok=True)

train_vae_modules.train_vae(config_filename, normalized_compendium_filename)
